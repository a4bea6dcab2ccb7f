import { chakra } from '@chakra-ui/react/styled-system'
import { useState } from 'react'
import { getSupabase } from '@/lib/supabase'
import { useLiveRefresh } from '@/lib/use-live-refresh'
import { fetchProduct } from '../api/products-api'
import type { ProductRow } from '../product-form'
import { useStaff } from '../staff-context'

/**
 * Who else of the staff has this page open (an order, a product), from presence on the private
 * `staff:<page>` channel only staff may join. Says nothing when nobody else is there.
 */
export function StaffHere({ page }: { page: string }) {
  const { user } = useStaff()
  const [others, setOthers] = useState<string[]>([])
  useLiveRefresh({
    topic: `staff:${page}`,
    config: { private: true, presence: { key: user.id } },
    bind: (channel) => {
      channel.on('presence', { event: 'sync' }, () => {
        const state = channel.presenceState<{ name: string }>()
        const names = Object.entries(state)
          .filter(([key]) => key !== user.id)
          .map(([, metas]) => metas[0]?.name ?? 'Another staff member')
        setOthers([...new Set(names)].sort())
      })
    },
    onJoined: (channel) => void channel.track({ name: user.fullName || user.email }),
    onChange: () => {},
    fallbackMs: 0,
  })
  if (others.length === 0) return null
  return (
    <chakra.p role="status" fontSize="sm" color="brand.ink" bg="brand.cream" px="3" py="2">
      Also here: {others.join(', ')}
    </chakra.p>
  )
}

/** Says so when the product changed under an editor with unsaved edits. */
export function ChangedUnderYou({ stock }: { stock: number }) {
  return (
    <chakra.p role="status" fontSize="sm" color="brand.ink" bg="brand.cream" px="3" py="2">
      This product changed while you were editing: stock is now {stock}. Saving will show you the
      newer values first.
    </chakra.p>
  )
}

/**
 * Follows the product an editor has open. When it moves on (another staff member's save, a sale
 * taking stock), an untouched form reloads with the new values (`reload`); a form with unsaved edits
 * keeps them and gets the new stock to show, and the database will refuse a save over the change.
 */
export function useChangesUnderEditor(
  product: ProductRow | null,
  dirty: boolean,
  busy: boolean,
  reload: () => void,
): number | null {
  const [stock, setStock] = useState<number | null>(null)
  const id = product?.id
  useLiveRefresh({
    topic: id ? `product-edit:${id}` : null,
    bind: (channel, changed) =>
      channel
        .on(
          'postgres_changes',
          { event: 'UPDATE', schema: 'public', table: 'products', filter: `id=eq.${id}` },
          changed,
        )
        .on(
          'postgres_changes',
          { event: '*', schema: 'public', table: 'product_sizes', filter: `product_id=eq.${id}` },
          changed,
        ),
    onChange: () => {
      if (!product || busy) return
      void getSupabase()
        .then((client) => fetchProduct(client, product.id))
        .then((row) => {
          if (row.edit_version === product.edit_version) return
          if (dirty) setStock(row.stock)
          else reload()
        })
        .catch(() => {})
    },
    fallbackMs: 0,
  })
  return stock
}
