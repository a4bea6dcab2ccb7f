import { notify } from '@/components/toaster'
import {
  registerOutboxSender,
  subscribeOutboxEvents,
  type OutboxResult,
} from '@/features/outbox/outbox'

/**
 * How each kind of queued request reaches the server, in one place (features cannot import each other,
 * the composition root can). Each sender loads its API module when first used, off the first route.
 * Chat and checkout register theirs here too.
 */
export interface NewsletterPayload {
  email: string
  source: string
}

let registered = false

export function registerOutboxSenders(): void {
  if (registered) return
  registered = true

  // The newsletter answer does not depend on who sends it, so a guest's sign-up may go while signed in.
  registerOutboxSender(
    'newsletter',
    async (item): Promise<OutboxResult> => {
      const { email, source } = item.payload as unknown as NewsletterPayload
      const { subscribe } = await import('@/features/newsletter/api/subscribe')
      // The item's id is the sign-up's client id: the server stores a replay only once.
      const result = await subscribe({ email, source, clientId: item.id })
      if (result.ok) return { type: 'delivered' }
      if (result.retryable) return { type: 'retry', reason: result.message }
      return { type: 'rejected', message: result.message }
    },
    { identity: 'any' },
  )

  // Orders placed offline at checkout: the item's id is the order's client id, its idempotency key.
  registerOutboxSender('order', async (item, ctx) => {
    const { createOrderSender } = await import('@/features/checkout/order-outbox-sender')
    return createOrderSender()(item, ctx)
  })

  // A chat question written offline: its answer lands in the conversation (src/features/chat).
  registerOutboxSender('chat', async (item, ctx) =>
    (await import('@/features/chat/chat-outbox')).sendQueuedChat(item, ctx),
  )

  // A sign-up sent later, in the background, still gets the spec's answer (§8).
  subscribeOutboxEvents((event) => {
    if (event.awaited || event.item.kind !== 'newsletter') return
    if (event.type === 'delivered') {
      notify({
        title: 'Successfully Subscribed!',
        description: "You'll receive our latest fashion updates and exclusive offers.",
        type: 'success',
      })
    }
    if (event.type === 'rejected') {
      notify({ title: 'Invalid Email', description: event.message, type: 'error' })
    }
  })
}
