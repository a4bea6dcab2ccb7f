import { Link } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import { useAppDispatch } from '@/lib/app-state'
import { MinusIcon, PlusIcon } from '@/components/icons'
import { paths } from '@/config/paths'
import { addItem, openCart } from '@/features/cart/cart-slice'
import { discountedPrice } from '@/lib/money'
import {
  clampQuantity,
  initialSelection,
  maxQuantity,
  selectionProblem,
  selectionProblems,
  stockState,
  type Selection,
} from '../product/selection'
import { thumbnailFor } from '../product/pictures'
import { availableStock, soldOutSizes } from '../product/size-stock'
import { useScrolledPast } from '../product/use-scrolled-past'
import { useSizeStock } from '../product/use-size-stock'
import type { Product } from '../types'
import { OptionPicker } from './option-picker'
import { StickyPurchaseBar } from './sticky-purchase-bar'
import { WishlistHeart } from './wishlist-heart'
import './product-purchase.css'
import './listing-shared.css'
import './purchase-button.css'

/**
 * Size and colour pickers, quantity and 'Add to Cart'. A size (and colour) must be chosen where the
 * product has them; a sold-out product cannot be added. Online, the sizes' own stock is asked for: a
 * sold-out size cannot be chosen, and the stock line and the quantity follow the chosen size. Adding
 * puts the line in the cart at the price shown (after discount; the database decides the charged price)
 * and opens the cart.
 */
export function ProductPurchase({
  product,
  onColourChange,
}: {
  product: Product
  /** Told of every colour chosen, so the pictures can follow. */
  onColourChange?: (colour: string | undefined) => void
}) {
  const dispatch = useAppDispatch()
  const [chosen, setSelection] = useState<Selection>(() => initialSelection(product))
  const [tried, setTried] = useState(false)
  const sizeStock = useSizeStock(product.id, product.sizes.length > 0)
  const goneSizes = soldOutSizes(product.sizes, sizeStock)
  // A size chosen before its stock was known, and now known to be sold out, is no choice at all.
  const selection =
    chosen.size && goneSizes.includes(chosen.size) ? { ...chosen, size: undefined } : chosen
  const available = availableStock(product.stock, sizeStock, selection.size)
  const stock = stockState(available)
  const problems = tried ? selectionProblems(product, selection) : {}
  const soldOut = stock.kind === 'sold-out'
  const quantity = clampQuantity(selection.quantity, available)
  const box = useRef<HTMLDivElement>(null)
  const addButton = useRef<HTMLButtonElement>(null)
  const addScrolledAway = useScrolledPast(addButton)

  const add = () => {
    setTried(true)
    if (selectionProblem({ ...product, stock: available }, selection)) return false
    dispatch(
      addItem({
        productId: product.id,
        name: product.name,
        price: discountedPrice(product.price, product.discount),
        // The line shows the colour bought, not the product's first colour.
        image: thumbnailFor(product, selection.color),
        size: selection.size,
        color: selection.color,
        quantity,
        slug: product.slug,
      }),
    )
    dispatch(openCart())
    return true
  }

  // From the bar: a choice still to make takes the shopper back to the pickers, the first one focused.
  const addFromBar = () => {
    if (add()) return
    const missing = selectionProblems(product, selection)
    const name = missing.color ? 'colour' : missing.size ? 'size' : null
    box.current?.scrollIntoView({ block: 'start', behavior: 'smooth' })
    if (name) {
      box.current
        ?.querySelector<HTMLInputElement>(`input[name="${name}"]:not(:disabled)`)
        ?.focus({ preventScroll: true })
    }
  }

  return (
    <div ref={box} className="product-purchase">
      {product.colors.length > 0 ? (
        <OptionPicker
          legend="Colour"
          name="colour"
          kind="colour"
          options={product.colors}
          value={selection.color}
          onChange={(color) => {
            setSelection({ ...selection, color })
            onColourChange?.(color)
          }}
          problem={problems.color}
        />
      ) : null}
      {product.sizes.length > 0 ? (
        <OptionPicker
          legend="Size"
          name="size"
          options={product.sizes}
          value={selection.size}
          onChange={(size) => setSelection({ ...selection, size })}
          problem={problems.size}
          soldOut={goneSizes}
          aside={
            <Link to={paths.sizeGuide}>
              {/* The link keeps the page's text size, so its focus ring stays as tall as before. */}
              <span className="product-purchase__size-guide">Size guide</span>
            </Link>
          }
        />
      ) : null}

      <p
        className={`product-purchase__stock${stock.kind === 'in-stock' ? ' product-purchase__stock--in' : ''}`}
      >
        <span aria-hidden="true" className="product-purchase__stock-dot" />
        {stock.text}
      </p>

      <div className="product-purchase__actions">
        <div
          role="group"
          aria-label="Quantity"
          className={`product-purchase__quantity${soldOut ? ' product-purchase__quantity--off' : ''}`}
        >
          <button
            type="button"
            className="product-purchase__step"
            aria-label="Decrease quantity"
            disabled={soldOut || quantity <= 1}
            onClick={() => setSelection({ ...selection, quantity: quantity - 1 })}
          >
            <MinusIcon size={16} />
          </button>
          <output aria-live="polite" aria-label="Quantity" className="product-purchase__count">
            {quantity}
          </output>
          <button
            type="button"
            className="product-purchase__step"
            aria-label="Increase quantity"
            disabled={soldOut || quantity >= maxQuantity(available)}
            onClick={() => setSelection({ ...selection, quantity: quantity + 1 })}
          >
            <PlusIcon size={16} />
          </button>
        </div>
        <button
          ref={addButton}
          type="button"
          className="listing-btn listing-btn--solid purchase-button purchase-button--wide"
          onClick={add}
          disabled={soldOut}
        >
          {soldOut ? 'Sold out' : 'Add to Cart'}
        </button>
      </div>
      <div>
        <WishlistHeart product={product} withText />
      </div>
      {addScrolledAway ? (
        <StickyPurchaseBar
          name={product.name}
          price={product.price}
          discount={product.discount}
          soldOut={soldOut}
          onAdd={addFromBar}
        />
      ) : null}
    </div>
  )
}
