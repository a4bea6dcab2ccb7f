import { memo } from 'react'
import { laterClass } from '@/lib/first-frame'
import type { Product } from '../types'
import { ProductCard, ProductCardSkeleton } from './product-card'
import './product-grid.css'

/**
 * Two columns on phones, three (or four on wide pages) above. A grid at the top of its page loads its
 * first row's pictures at once and first; one further down (`below`: a product page's related products,
 * the home page's rails) loads each as it nears the screen, leaving the network to what is on it, and
 * draws no card before it comes near (product-grid.css). The
 * cards are the page's later parts (first-frame.ts).
 * Memoised: a page's other updates (a drawer opening, a filter being typed) do not rebuild the cards.
 */
export const ProductGrid = memo(function ProductGrid({
  products,
  wide = false,
  label,
  below = false,
}: {
  products: readonly Product[]
  wide?: boolean
  label?: string
  below?: boolean
}) {
  return (
    <ul
      aria-label={label}
      className={`product-grid${wide ? ' product-grid--wide' : ''}${below ? ' product-grid--below' : ''}`}
    >
      {products.map((product, index) => (
        <li key={product.id} className={laterClass}>
          <ProductCard product={product} priority={!below && index < 2} />
        </li>
      ))}
    </ul>
  )
})

export function ProductGridSkeleton({
  count = 6,
  wide = false,
}: {
  count?: number
  wide?: boolean
}) {
  return (
    <div
      role="status"
      aria-label="Loading products"
      className={wide ? 'product-grid product-grid--wide' : 'product-grid'}
    >
      {Array.from({ length: count }, (_, index) => (
        <ProductCardSkeleton key={index} />
      ))}
    </div>
  )
}
