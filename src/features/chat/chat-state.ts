import { conversation } from './conversation-store'

/** Forgets the conversation (sign-out, another shopper). Queued questions go with the outbox's own rule. */
export function clearConversation() {
  conversation.reset()
}
