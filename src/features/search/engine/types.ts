/**
 * What the search engine reads and returns. Plain data only: the engine runs on the main thread, in a
 * Web Worker, in tests and in the benchmark.
 */
export interface SearchableProduct {
  id: string
  name: string
  category: string
  subcategory?: string | null
  brand: string
  description: string
  /** Whole KES, before any discount. */
  price: number
  discount?: number
  image: string | null
}

export interface SearchableBrand {
  id: string
  slug: string
  name: string
  kind: 'luxury' | 'smart'
  category: string
  description: string
  country: string
  logo: string
}

export interface SearchablePage {
  id: string
  name: string
  path: string
  keywords: readonly string[]
  description?: string
}

export type SearchResultType = 'product' | 'luxury-watch-brand' | 'smart-watch-brand' | 'page'

/** One search result: its kind, name and the page it opens. */
export interface SearchResult {
  type: SearchResultType
  id: string
  name: string
  path: string
  image?: string
  category?: string
  brand?: string
  /** Whole KES, what the shopper pays (after any discount). */
  price?: number
  productId?: string
  logo?: string
  description?: string
}
