import type { ProductSpecs } from '@/lib/product-specs'

/**
 * The catalogue as the app holds it after decoding the `catalogue` RPC (the list) and merging in
 * `catalogue_details` (descriptions, tags, specifications, brand stories), which arrive after the first render. Prices are
 * whole KES; `id` is the product code (e.g. `dress-001`), which the cart and search call `productId`.
 */
export { productCategories, type ProductCategory } from '@shared/product-categories'

export interface Product {
  id: string
  slug: string
  name: string
  /** '' until the details arrive (and for products without one). */
  description: string
  category: string
  subcategory: string | null
  brand: string
  price: number
  discount: number
  rating: number
  sizes: string[]
  colors: string[]
  /** Until the details arrive, only `heritage` (the list says which products are in that collection). */
  tags: string[]
  stock: number
  image: string | null
  newArrival: boolean
  featured: boolean
  /** The day it was listed, `YYYY-MM-DD`: sorts as text. */
  createdAt: string
  /** Staff's photos, by colour then position (the first of a colour is its cover); none: the drawing. */
  photos?: ProductPhoto[]
  /** Watches and jewellery: reference, case, movement and so on; absent when there are none. */
  specs?: ProductSpecs
}

/** A photo in the product-photo bucket. `colour` null: it shows every colour. */
export interface ProductPhoto {
  colour: string | null
  path: string
  width: number
  height: number
  alt: string
}

export type BrandKind = 'luxury' | 'smart'

export interface Brand {
  id: string
  slug: string
  name: string
  kind: BrandKind
  category: string
  country: string
  /** '' until the details arrive. */
  description: string
  /** 'Since 1905' for luxury houses, empty otherwise. */
  heritage: string
  /** Premium, Mid-Range, Luxury or Budget for smart watches, empty otherwise. */
  tier: string
  logo: string
}

export interface Catalogue {
  version: string
  products: Product[]
  brands: Brand[]
  /** The details that go with this list (`catalogue_details().version`). */
  detailsVersion: string
  /**
   * The version of the details merged into `products` and `brands`, '' before any. An older version's
   * descriptions stay until the current ones arrive (merged by id, so a product added since has none).
   */
  detailsMerged: string
}

/** What `catalogue_details` adds to the list, by product and brand id. */
export interface CatalogueDetails {
  version: string
  /** `specs` only for a product that has some (watches and jewellery). */
  products: Map<string, { description: string; tags: string[]; specs?: ProductSpecs }>
  brands: Map<string, { description: string }>
}

export type CatalogueStatus = 'idle' | 'loading' | 'ready' | 'error' | 'offline-empty'
