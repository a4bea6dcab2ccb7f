/** The wire format of the chat-assistant function (spec §3 "Assistant request message / response"). */
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
}

export type AssistantAction =
  | { type: 'add_to_cart'; product: CartProduct }
  | { type: 'view_cart' }
  | { type: 'navigate_to_checkout' }

export interface AssistantReply {
  message: string
  action?: AssistantAction
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
