import type { Tables } from '@/lib/database.types'
import { getSupabase, type AppSupabaseClient } from '@/lib/supabase'

// Each call takes an optional client (tests pass their own); the app uses its one lazy client.

type OrderRow = Tables<'orders'>
type ItemRow = Tables<'order_items'>

export type OrderItem = Pick<
  ItemRow,
  | 'line_no'
  | 'product_id'
  | 'name'
  | 'size'
  | 'color'
  | 'quantity'
  | 'discounted_unit_price'
  | 'line_total'
>

export type Order = Pick<
  OrderRow,
  | 'id'
  | 'order_number'
  | 'created_at'
  | 'status'
  | 'payment_method'
  | 'payment_status'
  | 'delivery_method'
  | 'county'
  | 'town'
  | 'street'
  | 'rider_note'
  | 'subtotal'
  | 'discount_total'
  | 'delivery_fee'
  | 'total'
> & {
  order_items: OrderItem[]
  pickup_points: { name: string; town: string } | null
}

/** How many orders the account page shows; older ones are a "show more" away. */
export const ORDERS_PAGE_SIZE = 20

/** The shopper's orders, newest first, with their lines (RLS limits both to the shopper's own). */
export async function listOrders(
  limit = ORDERS_PAGE_SIZE,
  db?: AppSupabaseClient,
): Promise<Order[]> {
  const client = db ?? (await getSupabase())
  const { data, error } = await client
    .from('orders')
    .select(
      `id, order_number, created_at, status, payment_method, payment_status, delivery_method,
       county, town, street, rider_note, subtotal, discount_total, delivery_fee, total,
       order_items (line_no, product_id, name, size, color, quantity, discounted_unit_price, line_total),
       pickup_points (name, town)`,
    )
    .order('created_at', { ascending: false })
    .order('line_no', { referencedTable: 'order_items', ascending: true })
    .limit(limit)
  if (error) throw new Error(error.message)
  return data
}
