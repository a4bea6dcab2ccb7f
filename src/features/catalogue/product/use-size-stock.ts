import { useEffect, useState } from 'react'
import { getSupabase } from '@/lib/supabase'
import { parseSizeStock, type SizeStock } from './size-stock'

/**
 * Asks the database how many of each size are left, when the page opens online (and again when the
 * connection comes back before it has an answer). Offline or on any failure it stays null, and the page
 * behaves as it does without per-size stock: checkout has the last word either way.
 */
export function useSizeStock(productId: string, hasSizes: boolean): SizeStock | null {
  const [answer, setAnswer] = useState<{ productId: string; stock: SizeStock | null } | null>(null)

  useEffect(() => {
    if (!hasSizes) return
    let cancelled = false
    let loaded = false
    const load = () => {
      if (loaded || !navigator.onLine) return
      getSupabase()
        .then((client) => client.rpc('product_size_stock', { product_id: productId }))
        .then(({ data, error }) => {
          if (cancelled || error) return
          loaded = true
          setAnswer({ productId, stock: parseSizeStock(data) })
        })
        .catch(() => undefined)
    }
    load()
    window.addEventListener('online', load)
    return () => {
      cancelled = true
      window.removeEventListener('online', load)
    }
  }, [productId, hasSizes])

  return hasSizes && answer?.productId === productId ? answer.stock : null
}
