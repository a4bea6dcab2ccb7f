/**
 * The outbox as other features and the app use it (how it works: outbox-slice.ts). The slice holds the
 * queue; sending, the senders and the outcomes live in their own modules and are reached from here.
 */
export {
  enqueue,
  flushOutbox,
  initialOutboxState,
  itemQueued,
  itemRejected,
  newOutboxItem,
  outboxSlice,
  selectOutboxItems,
  selectOutboxItemsOfKind,
  sendOrQueue,
  signOutWarning,
  type EnqueueOptions,
  type OutboxItem,
  type OutboxKind,
  type OutboxPayload,
  type OutboxState,
  type OutboxStatus,
  type SendOrQueueResult,
} from './outbox-slice'
export { isAwaited, subscribeOutboxEvents, type OutboxEvent } from './outbox-events'
export {
  registerOutboxSender,
  type OutboxResult,
  type OutboxSendContext,
  type OutboxSender,
  type SenderIdentity,
} from './sender-registry'
export { useOutboxItems } from './use-outbox-items'
export type { FlushOptions, FlushSummary } from './outbox-types'
