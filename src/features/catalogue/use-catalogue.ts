import { useCallback, useEffect } from 'react'
import { useAppDispatch, useAppSelector } from '@/lib/app-state'
import {
  type CatalogueDetailsStatus,
  ensureCatalogue,
  findProduct,
  selectBrands,
  selectCatalogueDetails,
  selectCatalogueStale,
  selectCatalogueStatus,
  selectCatalogueVersion,
  selectProductLookup,
  selectProducts,
} from './catalogue-slice'
import type { Brand, Product } from './types'

export interface CatalogueView {
  /** `loading` until a copy (device or network) is in; `offline-empty` when offline with none saved. */
  status: 'loading' | 'ready' | 'error' | 'offline-empty'
  products: readonly Product[]
  brands: readonly Brand[]
  version: string
  /** The copy shown is the device's and the network could not confirm it. */
  stale: boolean
  /** Descriptions, tags, specifications and brand stories: `waiting` until they follow the list. */
  details: CatalogueDetailsStatus
  retry: () => void
}

/**
 * The catalogue for a screen. Starts loading on first use (never before the first paint) and tries
 * again when the connection comes back.
 */
export function useCatalogue(): CatalogueView {
  const dispatch = useAppDispatch()
  const status = useAppSelector(selectCatalogueStatus)
  const products = useAppSelector(selectProducts)
  const brands = useAppSelector(selectBrands)
  const version = useAppSelector(selectCatalogueVersion)
  const stale = useAppSelector(selectCatalogueStale)
  const details = useAppSelector(selectCatalogueDetails)
  const retry = useCallback(() => void dispatch(ensureCatalogue()), [dispatch])

  useEffect(() => {
    retry()
    window.addEventListener('online', retry)
    return () => window.removeEventListener('online', retry)
  }, [retry])

  return {
    status: status === 'idle' ? 'loading' : status,
    products,
    brands,
    version,
    stale,
    details,
    retry,
  }
}

/** One product by slug or product code (`/product/dress-001` works as well as the slug). */
export function useProduct(slugOrId: string): Product | undefined {
  const lookup = useAppSelector(selectProductLookup)
  return findProduct(lookup, slugOrId)
}
