import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react'
import { useLiveRefresh } from '@/lib/use-live-refresh'

export interface NewOrders {
  /** Orders placed since staff last looked at the orders list. */
  count: number
  /** Goes up whenever the order lists should be read again (a new order, a catch-up read). */
  revision: number
  clear: () => void
}

export const NewOrdersContext = createContext<NewOrders>({ count: 0, revision: 0, clear: () => {} })

export const useNewOrders = () => useContext(NewOrdersContext)

/**
 * Staff hear of each new order as it is placed (RLS lets them see every order). Lists follow
 * `revision`; without a socket they are read every 30 seconds instead.
 */
export function useNewOrdersFeed(): NewOrders {
  const [count, setCount] = useState(0)
  const [revision, setRevision] = useState(0)
  useLiveRefresh({
    topic: 'staff-orders',
    bind: (channel, changed) =>
      channel.on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'orders' }, () => {
        setCount((n) => n + 1)
        changed()
      }),
    onChange: () => setRevision((n) => n + 1),
    fallbackMs: 30_000,
  })
  const clear = useCallback(() => setCount(0), [])
  return useMemo(() => ({ count, revision, clear }), [count, revision, clear])
}

/**
 * Reads a page's orders again whenever new orders arrive; the orders list (`clears`) also marks them
 * seen, since they are now on screen.
 */
export function useFollowNewOrders(reload: () => void, clears: boolean) {
  const { revision, count, clear } = useNewOrders()
  const first = useRef(revision)
  useEffect(() => {
    if (revision !== first.current) reload()
  }, [revision, reload])
  useEffect(() => {
    if (clears && count > 0) clear()
  }, [clears, count, clear])
}
