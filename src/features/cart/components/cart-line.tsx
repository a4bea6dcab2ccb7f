import { useEffect } from 'react'
import { useAppDispatch, useAppSelector } from '@/lib/app-state'
import { MinusIcon, PlusIcon, TrashIcon } from '@/components/icons'
import { ProductThumb } from '@/components/product-thumb'
import { formatPrice, type Currency } from '@/lib/money'
import {
  ensureCatalogue,
  findProduct,
  selectProductLookup,
} from '@/features/catalogue/catalogue-slice'
import {
  chooseSize,
  MAX_LINE_QUANTITY,
  removeItem,
  setQuantity,
  type CartItem,
} from '../cart-slice'
import './cart-line.css'

/**
 * The sizes a line still has to choose from: a product sold in more than one size, added without one
 * (by the assistant, or from a card). Empty when nothing is missing or the catalogue is not known.
 */
function useMissingSizes(line: CartItem): string[] {
  const dispatch = useAppDispatch()
  const lookup = useAppSelector(selectProductLookup)
  const needsCatalogue = !line.size && lookup.size === 0
  useEffect(() => {
    if (needsCatalogue) void dispatch(ensureCatalogue())
  }, [dispatch, needsCatalogue])
  if (line.size) return []
  const sizes = findProduct(lookup, line.productId)?.sizes ?? []
  return sizes.length > 1 ? sizes : []
}

/** One cart line: picture, name, options, price, quantity steps (one per click) and remove. */
export function CartLine({
  line,
  currency,
  codeSaving = 0,
}: {
  line: CartItem
  currency: Currency
  /** What the entered discount codes take off this line (the database's answer). */
  codeSaving?: number
}) {
  const dispatch = useAppDispatch()
  const { productId, name, quantity } = line
  const options = [line.size && `Size: ${line.size}`, line.color && `Colour: ${line.color}`]
    .filter(Boolean)
    .join(' · ')
  const change = (next: number) => dispatch(setQuantity({ productId, quantity: next }))
  const missingSizes = useMissingSizes(line)

  return (
    <li aria-label={name} className="cart-line">
      <ProductThumb src={line.image} />
      <div className="cart-line__details">
        <p className="cart-line__name">{name}</p>
        {options ? <p className="cart-line__options">{options}</p> : null}
        {missingSizes.length ? (
          <select
            aria-label={`Choose a size for ${name}`}
            defaultValue=""
            onChange={(event) => {
              if (event.target.value) dispatch(chooseSize({ productId, size: event.target.value }))
            }}
            className="cart-line__size"
          >
            <option value="" disabled>
              Choose a size
            </option>
            {missingSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        ) : null}
        <p>{formatPrice(line.price, currency)}</p>
        {codeSaving > 0 ? (
          <p className="cart-line__saving">Code saves {formatPrice(codeSaving, currency)}</p>
        ) : null}
        <div className="cart-line__steps">
          <button
            type="button"
            aria-label={`Decrease quantity of ${name}`}
            onClick={() => change(quantity - 1)}
            className="cart-line__step"
          >
            <MinusIcon size={16} />
          </button>
          <span className="cart-line__quantity">{quantity}</span>
          <button
            type="button"
            aria-label={`Increase quantity of ${name}`}
            onClick={() => change(quantity + 1)}
            disabled={quantity >= MAX_LINE_QUANTITY}
            className="cart-line__step"
          >
            <PlusIcon size={16} />
          </button>
          <button
            type="button"
            aria-label={`Remove ${name}`}
            onClick={() => dispatch(removeItem(productId))}
            className="cart-line__step cart-line__remove"
          >
            <TrashIcon size={18} />
          </button>
        </div>
      </div>
    </li>
  )
}
