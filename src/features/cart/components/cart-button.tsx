/** Placeholder until its feature lands: the header's cart icon with its item-count badge. */
export function CartButton() {
  return null
}
