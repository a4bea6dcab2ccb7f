import type { AssistantReply, CartLine } from '@shared/assistant/types'
import { getSupabase } from '@/lib/supabase'

/** One message of the conversation sent to the assistant: who said it and what. */
export interface AssistantRequestMessage {
  role: 'user' | 'assistant'
  content: string
}

/** What came back, unchecked: the caller decides what a missing message or action means. */
export type AssistantAnswer = Partial<AssistantReply> | null

/** The call failed for want of a connection (the request never reached the assistant). */
export class AssistantOffline extends Error {
  constructor(cause: unknown) {
    super('No connection to the assistant', { cause })
    this.name = 'AssistantOffline'
  }
}

/** The function answered with an error status. */
export class AssistantHttpError extends Error {
  constructor(
    readonly status: number,
    cause: unknown,
  ) {
    super(`The assistant answered ${status}`, { cause })
    this.name = 'AssistantHttpError'
  }
}

/** An interactive question should not hang: after this the shopper is told to try again. */
export const ASK_TIMEOUT_MS = 20_000

/**
 * Invokes the `chat-assistant` function with the conversation. Throws on any failure:
 * `AssistantOffline` when the browser has no connection (the question can wait for one),
 * `AssistantHttpError` for an error status.
 */
export async function askAssistant(
  messages: AssistantRequestMessage[],
  options: { signal?: AbortSignal; cart?: CartLine[] } = {},
): Promise<AssistantAnswer> {
  // The browser knows for sure when it is offline (only the other way round can it be wrong).
  if (!navigator.onLine) throw new AssistantOffline(new Error('navigator.onLine is false'))
  let supabase
  try {
    supabase = await getSupabase()
  } catch (error) {
    if (!navigator.onLine) throw new AssistantOffline(error)
    throw error
  }
  const { data, error } = await supabase.functions.invoke('chat-assistant', {
    // The cart goes along so "remove the gown" can name a line; the assistant never trusts its prices.
    body: options.cart ? { messages, cart: options.cart } : { messages },
    timeout: ASK_TIMEOUT_MS,
    ...(options.signal ? { signal: options.signal } : {}),
  })
  if (error) {
    if (!navigator.onLine) throw new AssistantOffline(error)
    const status = (error as { context?: { status?: unknown } }).context?.status
    if (typeof status === 'number') throw new AssistantHttpError(status, error)
    throw error
  }
  if (typeof data === 'string') {
    try {
      return JSON.parse(data) as AssistantAnswer
    } catch {
      return null
    }
  }
  return (data ?? null) as AssistantAnswer
}
