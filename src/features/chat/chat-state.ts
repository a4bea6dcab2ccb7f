import { conversation } from './conversation-store'
import { createOfflineQueue } from './offline-queue'

/** The session's conversation and the messages in it that wait for a connection. */
export const offlineQueue = createOfflineQueue(conversation)

/** Forgets the conversation and anything waiting to be sent (sign-out, another shopper). */
export function clearConversation() {
  offlineQueue.clear()
  conversation.reset()
}
