import { useMemo } from 'react'
import { useAppSelector } from '@/lib/app-state'
import type { OutboxItem, OutboxKind } from './outbox-types'

/**
 * The items of one kind (all kinds when omitted) still waiting to be sent, oldest first: only those of
 * whoever is signed in now (a guest's when no one is), never another account's.
 */
export function useOutboxItems(kind?: OutboxKind): OutboxItem[] {
  const items = useAppSelector((state) => state.outbox.items)
  const userId = useAppSelector((state) => state.auth.user?.id ?? null)
  return useMemo(
    () => items.filter((item) => (!kind || item.kind === kind) && item.userId === userId),
    [items, kind, userId],
  )
}
