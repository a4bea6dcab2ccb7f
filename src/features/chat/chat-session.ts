import type { AssistantAction, ProductCard } from '@shared/assistant/types'
import type { NotifyOptions } from '@/components/toaster'
import {
  AssistantOffline,
  type AssistantAnswer,
  type AssistantRequestMessage,
} from './api/ask-assistant'
import { readAction } from './assistant-actions'
import { chatTexts } from './chat-texts'
import { newMessageId, type ChatMessage, type ConversationStore } from './conversation-store'

/** What sending needs from the app: the call, the action outcomes and toasts. */
export interface ChatEnvironment {
  ask: (messages: AssistantRequestMessage[]) => Promise<AssistantAnswer>
  perform: (action: AssistantAction) => void
  notify: (options: NotifyOptions) => void
  online: () => boolean
  /** Hands a question written offline (and the conversation it belongs to) to the outbox. */
  queue: (message: ChatMessage, request: AssistantRequestMessage[]) => void
}

/** The function accepts at most 30 messages of 2,000 characters: the latest ones are sent. */
export const MAX_SENT_MESSAGES = 30
export const MAX_MESSAGE_LENGTH = 2000

/**
 * The conversation as the assistant reads it: every earlier message and the new one, as role
 * and content, the greeting included. Messages still waiting for a connection after `id` are left out.
 */
export function requestFor(
  messages: readonly ChatMessage[],
  id: string,
): AssistantRequestMessage[] {
  const end = messages.findIndex((m) => m.id === id)
  return messages
    .slice(0, end + 1)
    .filter((m) => m.status !== 'waiting' || m.id === id)
    .map((m) => ({
      role: m.sender === 'user' ? ('user' as const) : ('assistant' as const),
      content: m.text.slice(0, MAX_MESSAGE_LENGTH),
    }))
    .slice(-MAX_SENT_MESSAGES)
}

const agentMessage = (text: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id: newMessageId('agent'),
  text,
  sender: 'agent',
  timestamp: Date.now(),
  ...extra,
})

const MAX_QUICK_REPLIES = 12
const MAX_CARDS = 8

/** Quick replies as offered: short texts only, a handful at most. */
export function readQuickReplies(raw: unknown): string[] {
  if (!Array.isArray(raw)) return []
  return raw
    .filter((r): r is string => typeof r === 'string' && r.trim() !== '' && r.length <= 40)
    .slice(0, MAX_QUICK_REPLIES)
}

/** Product cards as sent: every field checked, pictures only from this site. */
export function readProductCards(raw: unknown): ProductCard[] {
  if (!Array.isArray(raw)) return []
  const cards: ProductCard[] = []
  for (const item of raw.slice(0, MAX_CARDS)) {
    if (typeof item !== 'object' || item === null) continue
    const c = item as Record<string, unknown>
    const text = (v: unknown) => (typeof v === 'string' && v.length <= 200 ? v : undefined)
    const productId = text(c.productId)
    const slug = text(c.slug)
    const name = text(c.name)
    if (!productId || !slug || !/^[a-z0-9-]+$/.test(slug) || !name) continue
    if (typeof c.price !== 'number' || !Number.isFinite(c.price) || c.price < 0) continue
    const list = (v: unknown) =>
      Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string').slice(0, 20) : []
    const image = text(c.image)
    const brand = text(c.brand)
    cards.push({
      productId,
      slug,
      name,
      price: c.price,
      ...(typeof c.originalPrice === 'number' && c.originalPrice > c.price
        ? { originalPrice: c.originalPrice }
        : {}),
      ...(image && /^\/[\w./-]+$/.test(image) ? { image } : {}),
      ...(brand ? { brand } : {}),
      sizes: list(c.sizes),
      colors: list(c.colors),
      inStock: c.inStock !== false,
    })
  }
  return cards
}

/** An answer with neither message nor action, or an action with no message. */
export function applyAnswer(
  answer: AssistantAnswer,
  store: ConversationStore,
  env: Pick<ChatEnvironment, 'perform'>,
) {
  const action = readAction(answer?.action)
  const text = typeof answer?.message === 'string' && answer.message.trim() ? answer.message : ''
  if (!text && !action) {
    store.append(agentMessage(chatTexts.noReply))
    return
  }
  const quickReplies = readQuickReplies(answer?.quickReplies)
  const products = readProductCards(answer?.products)
  store.append(
    agentMessage(text || chatTexts.actionOnly, {
      ...(quickReplies.length > 0 ? { quickReplies } : {}),
      ...(products.length > 0 ? { products } : {}),
      ...(action?.type === 'add_to_cart' ? { added: action.product } : {}),
    }),
  )
  if (action) env.perform(action)
}

export function failed(store: ConversationStore, env: Pick<ChatEnvironment, 'notify'>) {
  store.append(agentMessage(chatTexts.technicalDifficulties))
  env.notify({ ...chatTexts.toasts.connectionError, type: 'error' })
}

/**
 * Asks the assistant about message `id` (already in the conversation) and shows the answer. Resolves
 * `false` when the connection dropped before the question was asked: the message waits again.
 */
export async function deliver(
  id: string,
  store: ConversationStore,
  env: ChatEnvironment,
): Promise<boolean> {
  store.setPending(true)
  try {
    const answer = await env.ask(requestFor(store.getState().messages, id))
    applyAnswer(answer, store, env)
    return true
  } catch (error) {
    if (error instanceof AssistantOffline) return false
    failed(store, env)
    return true
  } finally {
    store.setPending(false)
  }
}

/**
 * Sends what the shopper typed: blank text and anything typed while an answer is pending
 * are ignored. Without a connection the message is kept, marked 'Waiting to send', and queued.
 */
export async function sendMessage(
  text: string,
  store: ConversationStore,
  env: ChatEnvironment,
): Promise<boolean> {
  const trimmed = text.trim()
  if (!trimmed || store.getState().pending) return false
  const message: ChatMessage = {
    id: newMessageId('user'),
    text: trimmed,
    sender: 'user',
    timestamp: Date.now(),
  }
  if (!env.online()) {
    store.append({ ...message, status: 'waiting' })
    env.queue(message, requestFor(store.getState().messages, message.id))
    return true
  }
  store.append(message)
  const delivered = await deliver(message.id, store, env)
  if (!delivered) {
    store.update(message.id, { status: 'waiting' })
    env.queue(message, requestFor(store.getState().messages, message.id))
  }
  return true
}
