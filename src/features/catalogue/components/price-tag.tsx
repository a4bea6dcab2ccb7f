import { useAppSelector } from '@/lib/app-state'
import '@/components/visually-hidden.css'
import { selectCurrency } from '@/features/currency/currency-slice'
import { discountedPrice, formatPrice } from '@/lib/money'
import './price-tag.css'

/** The price in the chosen currency; on sale, the new price, the old one struck through and the cut. */
export function PriceTag({
  price,
  discount,
  size = 'md',
  className,
}: {
  price: number
  discount: number
  size?: 'md' | 'lg'
  className?: string
}) {
  const currency = useAppSelector(selectCurrency)
  const now = discountedPrice(price, discount)
  const onSale = discount > 0
  return (
    <div
      className={['price-tag', size === 'lg' ? 'price-tag--lg' : '', className ?? '']
        .filter(Boolean)
        .join(' ')}
    >
      <span className={onSale ? 'price-tag__now price-tag__now--sale' : 'price-tag__now'}>
        {onSale ? <span className="visually-hidden">Now </span> : null}
        {formatPrice(now, currency)}
      </span>
      {onSale ? (
        <>
          <s className="price-tag__was">
            <span className="visually-hidden">Was </span>
            {formatPrice(price, currency)}
          </s>
          {size === 'lg' ? (
            <span className="price-tag__save">You save {formatPrice(price - now, currency)}</span>
          ) : null}
        </>
      ) : null}
    </div>
  )
}
