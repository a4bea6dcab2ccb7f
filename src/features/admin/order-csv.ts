import { toCsv } from './csv'
import type { ExportRow } from './api/orders-api'
import { orderStateLabel, paymentMethodLabel, paymentStatusLabel } from './labels'

const header = [
  'Order number',
  'Placed at',
  'Status',
  'Payment method',
  'Payment status',
  'Customer',
  'Email',
  'Phone',
  'Delivery',
  'Items',
  'Subtotal (KES)',
  'Discount (KES)',
  'Delivery fee (KES)',
  'Total (KES)',
  'Affiliate code',
  'M-Pesa receipt',
] as const

/** The filtered orders as a spreadsheet: one row per order, money in whole shillings. */
export function ordersCsv(rows: readonly ExportRow[]): string {
  return toCsv(
    header,
    rows.map((order) => [
      order.order_number,
      order.created_at,
      orderStateLabel(order),
      paymentMethodLabel[order.payment_method],
      paymentStatusLabel[order.payment_status],
      order.customer_name,
      order.email,
      order.phone,
      order.delivery_method === 'pickup'
        ? `Pickup: ${order.pickup_point ?? ''}`
        : [order.street, order.town, order.county].filter(Boolean).join(', '),
      order.order_items.map((item) => `${item.quantity} × ${item.name}`).join('; '),
      order.subtotal,
      order.discount_total,
      order.delivery_fee,
      order.total,
      order.affiliate_id ? order.affiliate_code : null,
      order.payments.find((payment) => payment.status === 'paid')?.mpesa_receipt ?? null,
    ]),
  )
}

/** Saves text as a file through a temporary link (no server round trip; works offline too). */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
