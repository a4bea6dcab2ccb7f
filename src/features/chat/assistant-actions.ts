import type { AssistantAction, CartChange, CartProduct } from '@shared/assistant/types'
import type { NotifyOptions } from '@/components/toaster'
import { timings } from '@/config/site'
import {
  addItem,
  changeOptions,
  openCart,
  removeItem,
  setQuantity,
} from '@/features/cart/cart-slice'
import { addDiscountCode, normalizeCode } from '@/features/checkout/checkout-slice'
import type { AppDispatch } from '@/lib/app-state'
import { chatTexts } from './chat-texts'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A short text field of an answer (a size, a colour, a path), or undefined. */
const label = (value: unknown, max = 200): string | undefined =>
  typeof value === 'string' && value.trim() && value.length <= max ? value.trim() : undefined

const wholeQuantity = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 999

function readProduct(raw: unknown): CartProduct | undefined {
  if (!isRecord(raw)) return undefined
  const { productId, name, price, quantity = 1 } = raw
  if (typeof productId !== 'string' || !productId || typeof name !== 'string') return undefined
  if (typeof price !== 'number' || !Number.isFinite(price) || price < 0) return undefined
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) return undefined
  const product: CartProduct = { productId, name, price, quantity }
  const size = label(raw.size, 40)
  const color = label(raw.color, 40)
  const image = label(raw.image)
  const slug = label(raw.slug)
  if (size) product.size = size
  if (color) product.color = color
  // Only the shop's own pictures: a path on this site.
  if (image && /^\/[\w./-]+$/.test(image)) product.image = image
  if (slug && /^[a-z0-9-]+$/.test(slug)) product.slug = slug
  return product
}

function readChange(raw: unknown): CartChange | undefined {
  if (!isRecord(raw)) return undefined
  const productId = label(raw.productId, 100)
  const name = label(raw.name) ?? ''
  if (!productId) return undefined
  if (raw.type === 'remove') return { type: 'remove', productId, name }
  if (raw.type === 'set_quantity' && wholeQuantity(raw.quantity)) {
    return { type: 'set_quantity', productId, name, quantity: raw.quantity }
  }
  if (raw.type === 'set_options') {
    const size = label(raw.size, 40)
    const color = label(raw.color, 40)
    if (!size && !color) return undefined
    return {
      type: 'set_options',
      productId,
      name,
      ...(size ? { size } : {}),
      ...(color ? { color } : {}),
    }
  }
  return undefined
}

/** The action of an answer if it is well formed (spec §3 "Assistant response"); anything else: none. */
export function readAction(raw: unknown): AssistantAction | undefined {
  if (!isRecord(raw)) return undefined
  if (raw.type === 'view_cart' || raw.type === 'navigate_to_checkout') return { type: raw.type }
  if (raw.type === 'apply_discount_code') {
    const code = typeof raw.code === 'string' ? normalizeCode(raw.code) : null
    return code ? { type: 'apply_discount_code', code } : undefined
  }
  if (raw.type === 'update_cart') {
    const change = readChange(raw.change)
    return change ? { type: 'update_cart', change } : undefined
  }
  if (raw.type !== 'add_to_cart') return undefined
  const product = readProduct(raw.product)
  return product ? { type: 'add_to_cart', product } : undefined
}

/** What the shop sells a product in, as the app's catalogue has it. */
export interface ProductOptions {
  sizes: readonly string[]
  colors: readonly string[]
  image?: string | null
  slug?: string
}

export interface ActionDeps {
  dispatch: AppDispatch
  /** The cart's item count (sum of quantities) now. */
  cartCount: () => number
  navigate: (to: '/checkout') => void
  notify: (options: NotifyOptions) => void
  /** The product as the catalogue has it, if it is loaded. */
  product?: (productId: string) => ProductOptions | undefined
  /** Whether the chat floats beside the page (false on a phone, where it fills the screen). */
  wideScreen?: () => boolean
}

/** Spec §4 "Assistant action outcomes" with the §8 toasts. */
export function createActionPerformer(deps: ActionDeps) {
  return (action: AssistantAction) => {
    switch (action.type) {
      case 'add_to_cart': {
        const { productId, name, price, quantity = 1, size, color, image, slug } = action.product
        const known = deps.product?.(productId)
        // Spec §3: the assistant's lines have id = productId plus a timestamp.
        deps.dispatch(
          addItem({
            id: `${productId}${Date.now()}`,
            productId,
            name,
            price,
            quantity,
            image: known?.image ?? image ?? '',
            ...(size ? { size } : {}),
            ...(color ? { color } : {}),
            ...((known?.slug ?? slug) ? { slug: known?.slug ?? slug } : {}),
            ...(known ? { offered: { sizes: known.sizes, colors: known.colors } } : {}),
          }),
        )
        // On a phone the chat fills the screen: the confirmation shows in the chat instead.
        if (deps.wideScreen?.() ?? true) deps.dispatch(openCart())
        deps.notify({ ...chatTexts.toasts.added(name), type: 'success' })
        return
      }
      case 'update_cart': {
        const { change } = action
        if (change.type === 'remove') deps.dispatch(removeItem(change.productId))
        else if (change.type === 'set_quantity') {
          deps.dispatch(setQuantity({ productId: change.productId, quantity: change.quantity }))
        } else {
          const known = deps.product?.(change.productId)
          if (!known) return
          deps.dispatch(
            changeOptions({
              productId: change.productId,
              ...(change.size ? { size: change.size } : {}),
              ...(change.color ? { color: change.color } : {}),
              offered: { sizes: known.sizes, colors: known.colors },
            }),
          )
        }
        return
      }
      case 'apply_discount_code':
        // The same place the cart's and checkout's code box keeps codes; the store prices them there.
        deps.dispatch(addDiscountCode(action.code))
        deps.notify({ ...chatTexts.toasts.code(action.code), type: 'info' })
        return
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
