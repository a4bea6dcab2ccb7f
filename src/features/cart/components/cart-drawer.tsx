import { useNavigate } from '@tanstack/react-router'
import { useEffect, useMemo } from 'react'
import { useAppDispatch, useAppSelector } from '@/lib/app-state'
import { buttonLinkClass } from '@/components/button-link'
import { DiscountCodeField } from '@/components/discount-code-field'
import { Drawer } from '@/components/drawer'
import { ShoppingBagIcon } from '@/components/icons'
import { delivery } from '@/config/site'
import {
  addDiscountCode,
  cartQuoteKey,
  normalizeCode,
  quoteCartCodes,
  removeDiscountCode,
  selectCartCodeQuote,
  selectDiscountCodes,
} from '@/features/checkout/checkout-slice'
import { selectCurrency } from '@/features/currency/currency-slice'
import { formatPrice, type Currency } from '@/lib/money'
import {
  clearCart,
  closeCart,
  selectCartCount,
  selectCartItems,
  selectCartOpen,
  selectCartTotal,
} from '../cart-slice'
import { CartLine } from './cart-line'
import { StorageNotice } from './storage-notice'
import './cart-drawer.css'

/** The drawer's calls to action: the shared button look, at the drawer's size. */
const solidAction = `${buttonLinkClass('solid')} cart-drawer__action`

/** The cart drawer: lines, total, free-delivery progress, Checkout and Clear Cart. */
export function CartDrawer() {
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const isOpen = useAppSelector(selectCartOpen)
  const items = useAppSelector(selectCartItems)
  const count = useAppSelector(selectCartCount)
  const total = useAppSelector(selectCartTotal)
  const currency = useAppSelector(selectCurrency)
  const codes = useAppSelector(selectDiscountCodes)
  const codeQuote = useAppSelector(selectCartCodeQuote)
  const close = () => dispatch(closeCart())

  // What the codes take off is the database's answer for this very cart.
  const lines = useMemo(
    () =>
      items.map((line) => ({
        productId: line.productId,
        quantity: line.quantity,
        ...(typeof line.size === 'string' && line.size ? { size: line.size } : {}),
        ...(typeof line.color === 'string' && line.color ? { color: line.color } : {}),
      })),
    [items],
  )
  const key = cartQuoteKey(lines, codes)
  const current = codeQuote.key === key && codeQuote.status === 'ready'
  useEffect(() => {
    if (!isOpen || codes.length === 0 || lines.length === 0) return
    const timer = window.setTimeout(
      () => void dispatch(quoteCartCodes({ items: lines, codes })),
      250,
    )
    return () => window.clearTimeout(timer)
    // `key` stands for the lines and codes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isOpen, key, dispatch])
  const codeSaving = current && codes.length > 0 ? codeQuote.codeDiscount : 0

  const checkout = () => {
    close()
    void navigate({ to: '/checkout' })
  }

  return (
    <Drawer
      open={isOpen}
      onClose={close}
      title={`Shopping Cart (${count})`}
      closeLabel="Close cart"
      footer={
        items.length > 0 ? (
          <div className="cart-drawer__footer">
            <DiscountCodeField
              codes={codes}
              applied={current ? codeQuote.applied : []}
              refusal={current ? codeQuote.refusal : null}
              checking={codes.length > 0 && !current}
              currency={currency}
              onApply={(text) => {
                const code = normalizeCode(text)
                if (!code) return 'That code is not valid. Check it and try again.'
                dispatch(addDiscountCode(code))
                return null
              }}
              onRemove={(code) => dispatch(removeDiscountCode(code))}
            />
            <FreeDeliveryHint total={total - codeSaving} currency={currency} />
            {codeSaving > 0 ? (
              <p className="cart-drawer__row cart-drawer__row--saving">
                <span>Discount codes</span>
                <span>−{formatPrice(codeSaving, currency)}</span>
              </p>
            ) : null}
            <p className="cart-drawer__row cart-drawer__row--total">
              <span>Total</span>
              <span>{formatPrice(total - codeSaving, currency)}</span>
            </p>
            <button type="button" onClick={checkout} className={solidAction}>
              Checkout
            </button>
            <button
              type="button"
              onClick={() => dispatch(clearCart())}
              className={`${buttonLinkClass('quiet')} cart-drawer__action`}
            >
              Clear Cart
            </button>
          </div>
        ) : undefined
      }
    >
      <StorageNotice />
      {items.length === 0 ? (
        <div className="cart-drawer__empty">
          <ShoppingBagIcon size={48} className="cart-drawer__empty-icon" />
          <p className="cart-drawer__empty-title">Your cart is empty</p>
          <p className="cart-drawer__muted">Add some items to get started</p>
          <button
            type="button"
            onClick={close}
            className={`${solidAction} cart-drawer__action--continue`}
          >
            Continue Shopping
          </button>
        </div>
      ) : (
        <ul className="cart-drawer__lines" aria-label="Items in your cart">
          {items.map((line, index) => (
            <CartLine
              key={line.productId}
              line={line}
              currency={currency}
              codeSaving={current ? (codeQuote.lineDiscounts[index] ?? 0) : 0}
            />
          ))}
        </ul>
      )}
    </Drawer>
  )
}

/** How far the cart is from free delivery (one threshold everywhere, from the store config). */
function FreeDeliveryHint({ total, currency }: { total: number; currency: Currency }) {
  const remaining = Math.max(0, delivery.freeFromKes - total)
  const progress = Math.min(100, Math.round((total / delivery.freeFromKes) * 100))
  const reached = remaining > 0 ? '' : ' cart-delivery--reached'
  return (
    <div className={`cart-delivery${reached}`}>
      <p className="cart-delivery__text">
        {remaining > 0
          ? `Add ${formatPrice(remaining, currency)} more for free delivery`
          : 'Your order qualifies for free delivery'}
      </p>
      <div aria-hidden="true" className="cart-delivery__track">
        <div className="cart-delivery__fill" style={{ width: `${progress}%` }} />
      </div>
    </div>
  )
}
