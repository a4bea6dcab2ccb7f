import type { AssistantAction } from '@shared/assistant/types'
import type { NotifyOptions } from '@/components/toaster'
import { timings } from '@/config/site'
import { addItem, openCart } from '@/features/cart/cart-slice'
import type { AppDispatch } from '@/app/store'
import { chatTexts } from './chat-texts'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The action of an answer if it is well formed (spec §3 "Assistant response"); anything else: none. */
export function readAction(raw: unknown): AssistantAction | undefined {
  if (!isRecord(raw)) return undefined
  if (raw.type === 'view_cart' || raw.type === 'navigate_to_checkout') return { type: raw.type }
  if (raw.type !== 'add_to_cart' || !isRecord(raw.product)) return undefined
  const { productId, name, price, quantity = 1 } = raw.product
  if (typeof productId !== 'string' || !productId || typeof name !== 'string') return undefined
  if (typeof price !== 'number' || !Number.isFinite(price) || price < 0) return undefined
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) return undefined
  return { type: 'add_to_cart', product: { productId, name, price, quantity } }
}

export interface ActionDeps {
  dispatch: AppDispatch
  /** The cart's item count (sum of quantities) now. */
  cartCount: () => number
  navigate: (to: '/checkout') => void
  notify: (options: NotifyOptions) => void
}

/** Spec §4 "Assistant action outcomes" with the §8 toasts. */
export function createActionPerformer(deps: ActionDeps) {
  return (action: AssistantAction) => {
    switch (action.type) {
      case 'add_to_cart': {
        const { productId, name, price, quantity = 1 } = action.product
        // Spec §3: the assistant's lines have id = productId plus a timestamp, and no image.
        deps.dispatch(
          addItem({ id: `${productId}${Date.now()}`, productId, name, price, quantity, image: '' }),
        )
        deps.dispatch(openCart())
        deps.notify({ ...chatTexts.toasts.added(name), type: 'success' })
        return
      }
      case 'view_cart':
        deps.dispatch(openCart())
        deps.notify({ ...chatTexts.toasts.cart(deps.cartCount()), type: 'info' })
        return
      case 'navigate_to_checkout':
        deps.notify({ ...chatTexts.toasts.checkout, type: 'info' })
        window.setTimeout(() => deps.navigate('/checkout'), timings.chatCheckoutRedirectMs)
        return
    }
  }
}
