import { useAppDispatch, useAppSelector } from '@/lib/app-state'
import { headerIconClass } from '@/components/header/header-icon'
import { ShoppingBagIcon } from '@/components/icons'
import { openCart, selectCartCount } from '../cart-slice'

/** The header's cart icon: opens the drawer; the badge shows how many items (sum of quantities). */
export function CartButton() {
  const dispatch = useAppDispatch()
  const count = useAppSelector(selectCartCount)
  const label = `Open cart, ${count} ${count === 1 ? 'item' : 'items'}`
  return (
    <button
      type="button"
      aria-label={label}
      title="Cart"
      aria-haspopup="dialog"
      onClick={() => dispatch(openCart())}
      className={headerIconClass}
    >
      <ShoppingBagIcon size={22} />
      {count > 0 ? (
        <span aria-hidden="true" className="header-icon__count">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </button>
  )
}
