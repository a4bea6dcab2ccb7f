/**
 * The store's first version kept the cart, wishlist, currency and affiliate code in localStorage. Those
 * values are read once, imported, and removed after the new store has saved them. localStorage can throw
 * (blocked cookies, sandboxed frames): that reads as "nothing there".
 */
export function readLegacyValue(key: string): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

export function removeLegacyValue(key: string): void {
  try {
    window.localStorage.removeItem(key)
  } catch {
    // Nothing to clean up where localStorage is blocked.
  }
}
