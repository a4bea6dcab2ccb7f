import type { AppSupabaseClient } from '@/lib/supabase'
import { AdminApiError } from './admin-api-error'
import type { OrderDetail } from './orders-api'

export type RefundableOrder = Pick<
  OrderDetail,
  'id' | 'order_number' | 'total' | 'refunded_total' | 'delivery_fee' | 'payment_method'
> & {
  order_items: Pick<
    OrderDetail['order_items'][number],
    'line_no' | 'name' | 'size' | 'quantity' | 'refunded_quantity' | 'line_total' | 'code_discount'
  >[]
}

export interface RefundLine {
  lineNo: number
  quantity: number
}

export interface RefundRequest {
  orderId: string
  lines: RefundLine[]
  extraAmount: number
  reason: string
  reference?: string
  byHand?: boolean
}

export interface RefundDoc {
  id: string
  amount: number
  method: 'mpesa' | 'card' | 'bank' | 'cod'
  status: 'pending' | 'completed' | 'failed'
  channel: 'provider' | 'manual'
  reference: string | null
}

/**
 * What refunding these units gives back, as the database works it out: each line's price after every
 * discount, shared out so that a whole line, refunded at once or bit by bit, returns exactly its cost.
 * Shown while staff choose; the database decides.
 */
export function refundableAmount(order: RefundableOrder, lines: RefundLine[]): number {
  let amount = 0
  for (const line of lines) {
    const item = order.order_items.find((i) => i.line_no === line.lineNo)
    if (!item || !Number.isInteger(line.quantity) || line.quantity < 1) continue
    const net = item.line_total - item.code_discount
    const upTo = Math.min(item.refunded_quantity + line.quantity, item.quantity)
    amount +=
      Math.floor((net * upTo) / item.quantity) -
      Math.floor((net * item.refunded_quantity) / item.quantity)
  }
  return amount
}

/**
 * Refunds through the order-refund function: the database records it (admins only, never beyond what
 * was paid) and M-Pesa or card money goes back through the provider. A refusal comes back in words.
 */
export async function refundOrder(
  client: AppSupabaseClient,
  request: RefundRequest,
): Promise<RefundDoc> {
  const { data, error } = await client.functions.invoke<RefundDoc>('order-refund', {
    body: request,
  })
  if (!error) return data as RefundDoc
  const response = (error as { context?: unknown }).context
  if (response instanceof Response) {
    let body: { message?: unknown; code?: unknown } = {}
    try {
      body = (await response.json()) as typeof body
    } catch {
      // not JSON: fall through to the generic words
    }
    if (typeof body.message === 'string') {
      throw new AdminApiError(
        body.message,
        response.status,
        null,
        typeof body.code === 'string' ? body.code : null,
      )
    }
    throw new AdminApiError('The refund could not be made. Please try again.', response.status)
  }
  throw new AdminApiError('The store cannot be reached. Check the connection and try again.', 0)
}
