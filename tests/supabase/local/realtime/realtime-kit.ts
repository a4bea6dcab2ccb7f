/**
 * Helpers for the Realtime tests: subscribing with supabase-js and waiting for what arrives.
 */
import type {
  RealtimeChannel,
  RealtimePostgresChangesPayload,
  SupabaseClient,
} from '@supabase/supabase-js'

export type Change = RealtimePostgresChangesPayload<Record<string, unknown>>

export interface Subscribed {
  channel: RealtimeChannel
  changes: Change[]
  system: { status: string; message: string; extension: string }[]
  /** Resolves with the first change that passes `test`, or rejects after `ms`. */
  next(test?: (c: Change) => boolean, ms?: number): Promise<Change>
}

/** Resolves with the channel's status once it is SUBSCRIBED, CHANNEL_ERROR, TIMED_OUT or CLOSED. */
export function subscribeStatus(
  channel: RealtimeChannel,
): Promise<{ status: string; error?: Error }> {
  return new Promise((resolve) => {
    channel.subscribe((status, error) => resolve({ status, error }))
  })
}

export async function watchTable(
  client: SupabaseClient,
  topic: string,
  filter: { event?: '*' | 'INSERT' | 'UPDATE' | 'DELETE'; table: string; filter?: string },
): Promise<Subscribed> {
  const changes: Change[] = []
  const system: Subscribed['system'] = []
  const waiters: { test: (c: Change) => boolean; resolve: (c: Change) => void }[] = []
  const channel = client
    .channel(topic)
    .on(
      'postgres_changes',
      { event: filter.event ?? '*', schema: 'public', table: filter.table, filter: filter.filter },
      (payload: Change) => {
        changes.push(payload)
        for (const w of [...waiters]) {
          if (w.test(payload)) {
            waiters.splice(waiters.indexOf(w), 1)
            w.resolve(payload)
          }
        }
      },
    )
    .on('system', {}, (payload: Subscribed['system'][number]) => system.push(payload))
  const { status, error } = await subscribeStatus(channel)
  if (status !== 'SUBSCRIBED') throw new Error(`subscribe: ${status} ${error?.message ?? ''}`)
  // The server confirms the postgres_changes subscription with a system message.
  await until(() => system.length > 0)
  return {
    channel,
    changes,
    system,
    next(test = () => true, ms = 2000) {
      const found = changes.find(test)
      if (found) return Promise.resolve(found)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching change in ${ms} ms`)), ms)
        waiters.push({
          test,
          resolve: (c) => {
            clearTimeout(timer)
            resolve(c)
          },
        })
      })
    },
  }
}

export async function until(check: () => boolean, ms = 3000, step = 10): Promise<void> {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, step))
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
