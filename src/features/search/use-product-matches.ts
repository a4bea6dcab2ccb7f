import { useMemo } from 'react'
import { useAppSelector } from '@/lib/app-state'
import { selectProducts } from '@/features/catalogue/catalogue-slice'
import { matchingProductIds } from './product-matches'

/** The ids of every product in the catalogue the query matches, best match first. */
export function useProductMatches(query: string): readonly string[] {
  const products = useAppSelector(selectProducts)
  return useMemo(() => matchingProductIds(products, query), [products, query])
}
