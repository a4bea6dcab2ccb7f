import type {
  OutboxEvent,
  OutboxItem,
  OutboxResult,
  OutboxSendContext,
} from '@/features/outbox/outbox'
import {
  AssistantHttpError,
  AssistantOffline,
  askAssistant,
  type AssistantRequestMessage,
} from './api/ask-assistant'
import { applyAnswer, failed, type ChatEnvironment, MAX_SENT_MESSAGES } from './chat-session'
import { conversation, type ConversationStore } from './conversation-store'

/**
 * Questions written offline travel through the outbox ('chat' kind, the message id as the item id) with
 * the conversation they belong to. `sendQueuedChat` is the outbox's sender; `handleChatOutboxEvent`
 * puts the answer (or the spec's apology) in the conversation once the outbox reports it.
 */
export interface ChatOutboxPayload {
  messages: AssistantRequestMessage[]
}

export function readChatPayload(payload: unknown): ChatOutboxPayload | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined
  const { messages } = payload as { messages?: unknown }
  if (!Array.isArray(messages) || messages.length === 0 || messages.length > MAX_SENT_MESSAGES) {
    return undefined
  }
  const valid = messages.every(
    (m: unknown) =>
      typeof m === 'object' &&
      m !== null &&
      ((m as AssistantRequestMessage).role === 'user' ||
        (m as AssistantRequestMessage).role === 'assistant') &&
      typeof (m as AssistantRequestMessage).content === 'string',
  )
  return valid ? { messages: messages as AssistantRequestMessage[] } : undefined
}

const rejectedMessage = 'The assistant could not answer this message.'

/** The outbox's sender for chat: asks the assistant, and says what to do with the item. */
export async function sendQueuedChat(
  item: OutboxItem,
  ctx: OutboxSendContext,
): Promise<OutboxResult> {
  const payload = readChatPayload(item.payload)
  if (!payload) return { type: 'rejected', message: rejectedMessage }
  try {
    const answer = await askAssistant(payload.messages, { signal: ctx.signal })
    return { type: 'delivered', response: answer }
  } catch (error) {
    if (error instanceof AssistantOffline) return { type: 'retry', reason: 'offline' }
    if (error instanceof AssistantHttpError) {
      if (error.status === 401) return { type: 'unauthorized' }
      if (
        error.status >= 400 &&
        error.status < 500 &&
        error.status !== 408 &&
        error.status !== 429
      ) {
        return { type: 'rejected', message: rejectedMessage }
      }
    }
    return { type: 'retry', reason: error instanceof Error ? error.message : String(error) }
  }
}

/** The question's bubble: marked sent, or put back first when this page never showed it (a reload). */
function questionSent(item: OutboxItem, store: ConversationStore): boolean {
  if (store.getState().messages.some((m) => m.id === item.id)) {
    store.update(item.id, { status: undefined })
    return true
  }
  const question = readChatPayload(item.payload)?.messages.at(-1)
  if (!question || question.role !== 'user') return false
  store.append({ id: item.id, text: question.content, sender: 'user', timestamp: item.createdAt })
  return true
}

export function handleChatOutboxEvent(
  event: OutboxEvent,
  env: Pick<ChatEnvironment, 'perform' | 'notify'>,
  store: ConversationStore = conversation,
) {
  if (event.item.kind !== 'chat') return
  if (event.type === 'delivered') {
    if (questionSent(event.item, store)) {
      applyAnswer(event.response as Parameters<typeof applyAnswer>[0], store, env)
    }
  } else if (event.type === 'rejected') {
    if (questionSent(event.item, store)) failed(store, env)
  }
}
