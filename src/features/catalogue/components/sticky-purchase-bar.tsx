import { useEffect, useRef } from 'react'
import { reserveBottomBar } from '@/components/bottom-bar-clearance'
import { PriceTag } from './price-tag'
import './listing-shared.css'
import './purchase-button.css'
import './sticky-purchase-bar.css'

/**
 * On a phone, once the product page's 'Add to Cart' has scrolled away: the product's name and price
 * and the same button, fixed to the bottom of the screen. While it shows, the page ends above it and
 * the assistant's button rises above it, so it covers nothing.
 */
export function StickyPurchaseBar({
  name,
  price,
  discount,
  soldOut,
  onAdd,
}: {
  name: string
  price: number
  discount: number
  soldOut: boolean
  onAdd: () => void
}) {
  const bar = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const height = bar.current?.offsetHeight ?? 0
    // Hidden on wider screens (display: none): nothing to make room for.
    if (height === 0) return
    return reserveBottomBar(height)
  }, [])

  return (
    <div ref={bar} role="region" aria-label="Quick add to cart" className="sticky-purchase-bar">
      <div className="sticky-purchase-bar__inner">
        <div className="sticky-purchase-bar__summary">
          <p className="sticky-purchase-bar__name">{name}</p>
          <PriceTag price={price} discount={discount} />
        </div>
        <button
          type="button"
          className="listing-btn listing-btn--solid purchase-button sticky-purchase-bar__add"
          onClick={onAdd}
          disabled={soldOut}
        >
          {soldOut ? 'Sold out' : 'Add to Cart'}
        </button>
      </div>
    </div>
  )
}
