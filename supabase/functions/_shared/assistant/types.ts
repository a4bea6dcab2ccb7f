/**
 * The wire format of the chat-assistant function: the messages sent, and the answer with its optional
 * action.
 */
export type ChatRole = 'user' | 'assistant'

export interface ChatMessage {
  role: ChatRole
  content: string
}

export interface CartProduct {
  productId: string
  name: string
  /** Whole KES the shopper pays (after the catalogue's discount). */
  price: number
  quantity?: number
  /** The size chosen, as the product labels it; present whenever the product is sold by size. */
  size?: string
  /** The colour chosen; present whenever the product comes in more than one colour. */
  color?: string
  /** The product's picture and page, so the cart line shows them. */
  image?: string
  slug?: string
}

/** A line of the shopper's cart, as the app sends it with a question (for "remove the gown"). */
export interface CartLine {
  productId: string
  name: string
  quantity: number
  size?: string
  color?: string
}

/** A product shown as a card in the chat: picture, name, price and what can be done with it. */
export interface ProductCard {
  productId: string
  slug: string
  name: string
  /** Whole KES the shopper pays. */
  price: number
  /** Whole KES before the discount, when there is one. */
  originalPrice?: number
  image?: string
  brand?: string
  /** Sizes that can be bought now (empty: no size to choose). */
  sizes: string[]
  colors: string[]
  inStock: boolean
}

/** A change the shopper asked for in a cart line (by product). */
export type CartChange =
  | { type: 'remove'; productId: string; name: string }
  | { type: 'set_quantity'; productId: string; name: string; quantity: number }
  | { type: 'set_options'; productId: string; name: string; size?: string; color?: string }

export type AssistantAction =
  | { type: 'add_to_cart'; product: CartProduct }
  | { type: 'view_cart' }
  | { type: 'navigate_to_checkout' }
  | { type: 'update_cart'; change: CartChange }
  /** The code the shopper typed, for the cart's code box; the store decides what it is worth. */
  | { type: 'apply_discount_code'; code: string }

export interface AssistantReply {
  message: string
  action?: AssistantAction
  /** Short answers offered as buttons; choosing one sends its text as the shopper's message. */
  quickReplies?: string[]
  /** The products the message names, as cards. */
  products?: ProductCard[]
}

/** A product as catalogue-source.ts reads it: `catalogue()` joined with `catalogue_details()`. */
export interface CatalogueProduct {
  id: string
  slug: string
  name: string
  description: string
  category: string
  subcategory?: string
  brand?: string
  /** Whole KES before the discount. */
  price: number
  /** Percent. */
  discount: number
  rating: number
  sizes: string[]
  colors: string[]
  tags: string[]
  stock: number
  /** Stock size by size, for products sold by size (an offered size missing here is sold out). */
  sizeStock?: Record<string, number>
  image?: string
  newArrival: boolean
  featured: boolean
  /** The day it was listed, `YYYY-MM-DD`. */
  createdAt: string
}

export interface CatalogueBrand {
  id: number
  slug: string
  name: string
  kind: 'luxury' | 'smart'
  category?: string
  description?: string
  country?: string
}

export interface Catalogue {
  version: string
  products: CatalogueProduct[]
  brands: CatalogueBrand[]
}
