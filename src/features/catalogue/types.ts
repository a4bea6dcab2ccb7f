/**
 * The catalogue as the app holds it after decoding the `catalogue` RPC. Prices are whole KES; `id` is the
 * product code (e.g. `dress-001`), which the cart and search call `productId`.
 */
export const productCategories = [
  'women',
  'men',
  'kids',
  'beauty',
  'shoes',
  'bags',
  'jewelry',
  'accessories',
  'luxury-watches',
  'smart-watches',
] as const

export type ProductCategory = (typeof productCategories)[number]

export interface Product {
  id: string
  slug: string
  name: string
  description: string
  category: string
  subcategory: string | null
  brand: string
  price: number
  discount: number
  rating: number
  sizes: string[]
  colors: string[]
  tags: string[]
  stock: number
  image: string | null
  newArrival: boolean
  featured: boolean
  createdAt: string
}

export type BrandKind = 'luxury' | 'smart'

export interface Brand {
  id: string
  slug: string
  name: string
  kind: BrandKind
  category: string
  description: string
  country: string
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
}

export type CatalogueStatus = 'idle' | 'loading' | 'ready' | 'error' | 'offline-empty'
