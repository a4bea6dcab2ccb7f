import { useAppDispatch, useAppSelector } from '@/lib/app-state'
import { headerIconClass } from '@/components/header/header-icon'
import { selectCurrency, toggleCurrency } from '../currency-slice'

/** The header's KSH/USD switch: shows the current currency; the choice is saved on the device. */
export function CurrencyToggle() {
  const dispatch = useAppDispatch()
  const currency = useAppSelector(selectCurrency)
  const other = currency === 'KSH' ? 'USD' : 'KSH'
  return (
    <button
      type="button"
      aria-label={`Switch currency to ${other}`}
      title={`Switch currency to ${other}`}
      onClick={() => dispatch(toggleCurrency())}
      className={`${headerIconClass} header-icon--text`}
    >
      {currency}
    </button>
  )
}
