import { openCart } from '@/features/cart/cart-slice'
import type { AppStore } from '../store'

/**
 * The manifest's shortcuts arrive as ordinary URLs. Sale and New arrivals are routes; the Cart shortcut
 * is `/?cart=open`, which opens the cart drawer over whatever page the URL names.
 */
export function applyLaunchShortcut(store: AppStore, search = window.location.search): void {
  if (new URLSearchParams(search).get('cart') === 'open') store.dispatch(openCart())
}
