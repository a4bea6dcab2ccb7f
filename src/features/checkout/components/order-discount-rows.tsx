import type { Currency } from '@/lib/money'
import { formatPrice } from '@/lib/money'
import type { OrderDocument } from '../checkout-types'
import { TotalRow } from './order-summary'

/** An order's savings as recorded: sale prices, then the discount codes with what they took off. */
export function OrderDiscountRows({
  order,
  currency,
}: {
  order: Pick<OrderDocument, 'discountTotal' | 'codeDiscount' | 'discountCodes'>
  currency: Currency
}) {
  const codeDiscount = order.codeDiscount ?? 0
  const sale = order.discountTotal - codeDiscount
  const codes = order.discountCodes ?? []
  return (
    <>
      {sale > 0 ? <TotalRow label="Discounts" value={`−${formatPrice(sale, currency)}`} /> : null}
      {codeDiscount > 0 ? (
        <TotalRow
          label={`${codes.length > 1 ? 'Codes' : 'Code'} ${codes.join(', ')}`}
          value={`−${formatPrice(codeDiscount, currency)}`}
        />
      ) : null}
    </>
  )
}
