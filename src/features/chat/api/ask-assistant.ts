import type { AssistantReply } from '@shared/assistant/types'
import { getSupabase } from '@/lib/supabase'

/** Spec §3 "Assistant request message". */
export interface AssistantRequestMessage {
  role: 'user' | 'assistant'
  content: string
}

/** What came back, unchecked: the caller decides what a missing message or action means (spec §8). */
export type AssistantAnswer = Partial<AssistantReply> | null

/** The call failed for want of a connection (the request never reached the assistant). */
export class AssistantOffline extends Error {
  constructor(cause: unknown) {
    super('No connection to the assistant', { cause })
    this.name = 'AssistantOffline'
  }
}

/**
 * Invokes the `chat-assistant` function with the conversation (spec §7). Throws on any failure; throws
 * `AssistantOffline` when the browser has no connection, so the message can wait for one.
 */
export async function askAssistant(messages: AssistantRequestMessage[]): Promise<AssistantAnswer> {
  let supabase
  try {
    supabase = await getSupabase()
  } catch (error) {
    if (!navigator.onLine) throw new AssistantOffline(error)
    throw error
  }
  const { data, error } = await supabase.functions.invoke('chat-assistant', { body: { messages } })
  if (error) {
    if (!navigator.onLine) throw new AssistantOffline(error)
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
