import { isNonEmptyString, isRecord, toSafeJson } from '@/lib/storage/json-guards'
import type { OutboxItem, OutboxKind, OutboxState, OutboxStatus } from './outbox-types'

/** More than anyone queues offline; a longer saved list is cut (the oldest are kept: order matters). */
const MAX_ITEMS = 200
const KINDS: readonly OutboxKind[] = ['order', 'chat', 'newsletter']
const STATUSES: readonly OutboxStatus[] = ['pending', 'sending', 'failed', 'needs-auth']
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const isTime = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0

/** One saved item, checked field by field; null when it cannot be trusted (it is then dropped). */
export function toOutboxItem(value: unknown): OutboxItem | null {
  if (!isRecord(value)) return null
  const { id, kind, payload, userId, createdAt, attempts, lastError, status, nextAttemptAt } = value
  if (typeof id !== 'string' || !UUID.test(id)) return null
  if (!KINDS.includes(kind as OutboxKind)) return null
  if (userId !== null && !isNonEmptyString(userId, 100)) return null
  if (!isTime(createdAt)) return null
  const safePayload = toSafeJson(payload)
  if (!isRecord(safePayload)) return null
  return {
    id,
    kind: kind as OutboxKind,
    payload: safePayload,
    userId,
    createdAt,
    attempts:
      typeof attempts === 'number' && Number.isInteger(attempts) && attempts >= 0 ? attempts : 0,
    lastError: typeof lastError === 'string' ? lastError.slice(0, 500) : null,
    // A send cut short by closing the page never got its answer: it is simply pending again.
    status:
      STATUSES.includes(status as OutboxStatus) && status !== 'sending'
        ? (status as OutboxStatus)
        : 'pending',
    nextAttemptAt: isTime(nextAttemptAt) ? nextAttemptAt : null,
  }
}

/** The saved outbox as the store can use it: bad items are dropped, the good ones kept in order. */
export function validateSavedOutbox(
  saved: Record<string, unknown>,
): Pick<OutboxState, 'items'> | null {
  if (!Array.isArray(saved.items)) return null
  const seen = new Set<string>()
  const items: OutboxItem[] = []
  for (const value of saved.items.slice(0, MAX_ITEMS)) {
    const item = toOutboxItem(value)
    if (!item || seen.has(item.id)) continue
    seen.add(item.id)
    items.push(item)
  }
  return { items }
}

/**
 * Items queued before the saved outbox was read (a tap on a slow phone) join the saved ones, after
 * them: they were made later.
 */
export function mergeSavedOutbox(saved: Partial<OutboxState>, current: OutboxState): OutboxState {
  const items = saved.items ?? []
  const known = new Set(items.map((item) => item.id))
  return { ...current, items: [...items, ...current.items.filter((item) => !known.has(item.id))] }
}
