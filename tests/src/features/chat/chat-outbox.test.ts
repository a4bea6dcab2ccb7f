import { describe, expect, it, vi } from 'vitest'
import { handleChatOutboxEvent, readChatPayload, sendQueuedChat } from '@/features/chat/chat-outbox'
import { conversation } from '@/features/chat/conversation-store'
import type { OutboxEvent, OutboxItem } from '@/features/outbox/outbox'

/**
 * How answers to questions queued in the outbox reach the conversation: the waiting bubble is marked
 * sent and answered; after a reload (the bubble is gone) the question is shown again with its answer.
 * (No backend here: these are the outbox's events as it reports them.)
 */
const item = (id: string, question: string): OutboxItem => ({
  id,
  kind: 'chat',
  payload: {
    messages: [
      { role: 'assistant', content: 'Hello' },
      { role: 'user', content: question },
    ],
  },
  userId: null,
  createdAt: Date.UTC(2026, 0, 5, 10, 0),
  attempts: 1,
  lastError: null,
  status: 'sending',
  nextAttemptAt: null,
})

const env = () => ({ perform: vi.fn(), notify: vi.fn() })
const texts = () => conversation.getState().messages.map((m) => [m.sender, m.text, m.status])

describe('answers from the outbox', () => {
  it('marks the waiting question sent and adds the answer, then performs its action', () => {
    conversation.reset()
    conversation.append({
      id: 'q1',
      text: 'show my cart',
      sender: 'user',
      timestamp: 1,
      status: 'waiting',
    })
    const handlers = env()
    const event: OutboxEvent = {
      type: 'delivered',
      item: item('q1', 'show my cart'),
      response: { message: "Here's your cart.", action: { type: 'view_cart' } },
      awaited: false,
    }
    handleChatOutboxEvent(event, handlers)
    expect(texts().slice(1)).toEqual([
      ['user', 'show my cart', undefined],
      ['agent', "Here's your cart.", undefined],
    ])
    expect(handlers.perform).toHaveBeenCalledWith({ type: 'view_cart' })
  })

  it('shows the question again with its answer after a reload', () => {
    conversation.reset()
    handleChatOutboxEvent(
      {
        type: 'delivered',
        item: item('q2', 'hello'),
        response: { message: 'Hi!' },
        awaited: false,
      },
      env(),
    )
    expect(texts().slice(1)).toEqual([
      ['user', 'hello', undefined],
      ['agent', 'Hi!', undefined],
    ])
  })

  it('apologises when the outbox gives up on a question', () => {
    conversation.reset()
    conversation.append({ id: 'q3', text: 'hi', sender: 'user', timestamp: 1, status: 'waiting' })
    const handlers = env()
    handleChatOutboxEvent(
      { type: 'rejected', item: item('q3', 'hi'), message: 'no', awaited: false },
      handlers,
    )
    expect(texts().at(-1)?.[1]).toMatch(/^I apologize, but I'm experiencing some technical/)
    expect(handlers.notify).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Connection Error', type: 'error' }),
    )
  })

  it('ignores other kinds', () => {
    conversation.reset()
    handleChatOutboxEvent(
      {
        type: 'delivered',
        item: { ...item('o1', 'x'), kind: 'order' },
        response: {},
        awaited: false,
      },
      env(),
    )
    expect(conversation.getState().messages).toHaveLength(1)
  })
})

describe('the chat sender', () => {
  it('refuses a payload that is not a conversation, without sending it', async () => {
    const bad = { ...item('b1', 'x'), payload: { messages: [{ role: 'system', content: 'x' }] } }
    expect(readChatPayload(bad.payload)).toBeUndefined()
    const result = await sendQueuedChat(bad, {
      idempotencyKey: 'b1',
      attempt: 1,
      signal: new AbortController().signal,
    })
    expect(result).toEqual({ type: 'rejected', message: expect.any(String) })
  })

  it('keeps the question while the browser is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const result = await sendQueuedChat(item('o2', 'hello'), {
      idempotencyKey: 'o2',
      attempt: 1,
      signal: new AbortController().signal,
    })
    expect(result).toEqual({ type: 'retry', reason: 'offline' })
    vi.restoreAllMocks()
  })
})
