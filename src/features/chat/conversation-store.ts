import type { CartProduct, ProductCard } from '@shared/assistant/types'
import { chatTexts } from './chat-texts'

/**
 * One chat message: its text, who sent it and when. `status: 'waiting'` marks a message written
 * offline and not yet sent.
 */
export interface ChatMessage {
  id: string
  text: string
  sender: 'user' | 'agent'
  /** Epoch milliseconds. */
  timestamp: number
  status?: 'waiting'
  /** Answers the agent offers as buttons (sizes, colours in stock). */
  quickReplies?: readonly string[]
  /** Products the agent's message names, shown as cards. */
  products?: readonly ProductCard[]
  /** What the agent's action put in the cart, confirmed in the conversation. */
  added?: CartProduct
}

export interface ConversationState {
  messages: readonly ChatMessage[]
  /** Waiting for the assistant's answer: input and quick options are disabled. */
  pending: boolean
}

type Listener = () => void

let counter = 0
export const newMessageId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}`

const greeting = (): ChatMessage => ({
  id: 'greeting',
  text: chatTexts.greeting,
  sender: 'agent',
  timestamp: Date.now(),
})

/**
 * The conversation of this session, kept in memory outside React so it survives closing the panel and
 * can take answers to messages sent while offline. It is never saved on the device and is cleared when
 * the shopper signs out.
 */
function createConversationStore() {
  let state: ConversationState = { messages: [greeting()], pending: false }
  const listeners = new Set<Listener>()
  const emit = () => {
    for (const listener of listeners) listener()
  }
  return {
    getState: () => state,
    subscribe(listener: Listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    append(message: ChatMessage) {
      state = { ...state, messages: [...state.messages, message] }
      emit()
    },
    update(id: string, change: Partial<ChatMessage>) {
      state = {
        ...state,
        messages: state.messages.map((m) => {
          if (m.id !== id) return m
          const next = { ...m, ...change }
          if (change.status === undefined && 'status' in change) delete next.status
          return next
        }),
      }
      emit()
    },
    setPending(pending: boolean) {
      if (state.pending === pending) return
      state = { ...state, pending }
      emit()
    },
    /** Back to the greeting alone (sign-out, tests). */
    reset() {
      state = { messages: [greeting()], pending: false }
      emit()
    },
  }
}

export const conversation = createConversationStore()
export type ConversationStore = typeof conversation
