/** Placeholder until its feature lands: the cart drawer. */
export function CartDrawer() {
  return null
}
