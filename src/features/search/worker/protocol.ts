import type { SearchableBrand, SearchableProduct, SearchResult } from '../engine/types'

/** Messages between the app and the search worker. The worker handles them strictly in order. */
export type SearchWorkerRequest =
  | { type: 'reset' }
  | { type: 'products'; products: SearchableProduct[] }
  | { type: 'brands'; brands: SearchableBrand[] }
  | { type: 'search'; id: number; query: string }

export type SearchWorkerResponse =
  | { type: 'results'; id: number; results: SearchResult[] }
  | { type: 'error'; id: number; message: string }
