/**
 * Delivers what the database announced, in commit order: row changes to the postgres_changes
 * subscribers allowed to see them (checked per change under each subscriber's role and claims), and
 * `realtime.send` broadcasts to the topic's channels. Announcements are taken in batches, so a burst of
 * changes costs one visibility query per subscriber identity and table, not one per change.
 */
import type { Channel, Hub } from './hub'
import { hubKey } from './hub'
import type { RealtimeDatabase } from './database'
import {
  changeData,
  matches,
  visibleChanges,
  type RawChange,
  type TableInfo,
} from './postgres-changes'

interface BroadcastAnnouncement {
  k: 'broadcast'
  id: string
  topic: string
  event: string
  payload: unknown
  private: boolean
}

type Announcement = ({ k: 'change' } & RawChange) | BroadcastAnnouncement

export interface DispatcherOptions {
  hub: Hub
  db: RealtimeDatabase
  now: () => number
  publication(refresh: boolean): Promise<Map<string, TableInfo>>
  log: (message: string) => void
  /** Called after each change is handed to its subscribers (benchmarks, tests). */
  onDelivered?: (change: RawChange, deliveries: number) => void
}

const BATCH = 500

export function createDispatcher(options: DispatcherOptions) {
  const { hub, db } = options
  const pending: string[] = []
  let running: Promise<void> | null = null
  let stopped = false

  async function resolve(raw: string): Promise<Announcement | null> {
    const parsed = JSON.parse(raw) as Announcement | { ref: number }
    if ('ref' in parsed) {
      const { rows } = await db.query<{ body: Announcement }>(
        'delete from realtime.local_feed where id = $1 returning body',
        [parsed.ref],
      )
      return rows[0]?.body ?? null
    }
    return parsed
  }

  function expired(channel: Channel): boolean {
    if (channel.exp * 1000 > options.now()) return false
    const ago = Math.max(0, Math.floor(options.now() / 1000) - channel.exp)
    hub.shutdown(channel, `Token has expired ${ago} seconds ago`)
    return true
  }

  /**
   * The changes of one table `channel`'s viewer may see. A check that fails (a policy that errors on
   * some row) is retried change by change, so only the changes whose own check fails are withheld.
   */
  async function visibleTo(
    channel: Channel,
    info: TableInfo,
    list: RawChange[],
  ): Promise<Set<RawChange>> {
    const where = `${info.schema}.${info.table}`
    try {
      return await visibleChanges(db, info, channel.viewer, list)
    } catch (error) {
      if (list.length === 1) {
        options.log(`realtime: visibility check on ${where} failed: ${String(error)}`)
        return new Set()
      }
    }
    const visible = new Set<RawChange>()
    let failed = 0
    let reason = ''
    for (const change of list) {
      try {
        for (const c of await visibleChanges(db, info, channel.viewer, [change])) visible.add(c)
      } catch (error) {
        failed++
        reason = String(error)
      }
    }
    options.log(
      `realtime: visibility check on ${where} failed for ${failed} of ${list.length} changes: ${reason}`,
    )
    return visible
  }

  async function deliverChanges(changes: RawChange[]) {
    let published = await options.publication(false)
    if (changes.some((c) => !published.has(`${c.schema}.${c.table}`))) {
      published = await options.publication(true)
    }
    // channel → [change, matching subscription ids]
    const wanted = new Map<Channel, { change: RawChange; ids: number[] }[]>()
    const viewers = new Map<string, { channel: Channel; changes: Set<RawChange> }>()
    for (const channel of hub.listening) {
      if (channel.closed || expired(channel)) continue
      for (const change of changes) {
        if (!published.has(`${change.schema}.${change.table}`)) continue
        const ids = channel.subscriptions.filter((s) => matches(s, change)).map((s) => s.id)
        if (!ids.length) continue
        let list = wanted.get(channel)
        if (!list) wanted.set(channel, (list = []))
        list.push({ change, ids })
        const key = `${channel.viewer.role}\u0000${JSON.stringify(channel.viewer.claims)}`
        let viewer = viewers.get(key)
        if (!viewer) viewers.set(key, (viewer = { channel, changes: new Set() }))
        viewer.changes.add(change)
      }
    }
    // Which changes each viewer may see: one query per viewer and table.
    const seen = new Map<string, Set<RawChange>>()
    for (const [key, { channel, changes: set }] of viewers) {
      const visible = new Set<RawChange>()
      if (channel.viewer.role === 'service_role') {
        for (const c of set) visible.add(c)
      } else {
        const byTable = new Map<string, RawChange[]>()
        for (const c of set) {
          const t = `${c.schema}.${c.table}`
          const list = byTable.get(t)
          if (list) list.push(c)
          else byTable.set(t, [c])
        }
        for (const [t, list] of byTable) {
          for (const c of await visibleTo(channel, published.get(t)!, list)) visible.add(c)
        }
      }
      seen.set(key, visible)
    }
    const counts = new Map<RawChange, number>()
    for (const [channel, list] of wanted) {
      if (channel.closed) continue
      const visible = seen.get(
        `${channel.viewer.role}\u0000${JSON.stringify(channel.viewer.claims)}`,
      )
      for (const { change, ids } of list) {
        if (!visible?.has(change)) continue
        try {
          const info = published.get(`${change.schema}.${change.table}`)!
          hub.push(channel, 'postgres_changes', { ids, data: changeData(info, change) })
          counts.set(change, (counts.get(change) ?? 0) + 1)
        } catch (error) {
          // A change that cannot be sent to one socket is that socket's loss only.
          options.log(
            `realtime: change ${change.seq} not sent to channel ${channel.id}: ${String(error)}`,
          )
        }
      }
    }
    if (options.onDelivered) for (const c of changes) options.onDelivered(c, counts.get(c) ?? 0)
  }

  /** Delivers a run of changes; whatever fails there never stops the announcements after it. */
  async function deliverRun(run: RawChange[]) {
    try {
      await deliverChanges(run)
    } catch (error) {
      options.log(`realtime: delivery of ${run.length} changes failed: ${String(error)}`)
    }
  }

  function deliverBroadcast(b: BroadcastAnnouncement) {
    const body = { type: 'broadcast', event: b.event, payload: b.payload, meta: { id: b.id } }
    hub.broadcast(hubKey(b.topic, b.private), body, null)
  }

  async function drain() {
    while (pending.length && !stopped) {
      const batch = pending.splice(0, BATCH)
      const announcements: Announcement[] = []
      for (const raw of batch) {
        try {
          const a = await resolve(raw)
          if (a) announcements.push(a)
        } catch (error) {
          options.log(`realtime: unreadable announcement skipped: ${String(error)}`)
        }
      }
      // Runs of changes go together; a broadcast keeps its place between them.
      let run: RawChange[] = []
      for (const a of announcements) {
        if (a.k === 'change') {
          run.push(a)
          continue
        }
        if (run.length) await deliverRun(run)
        run = []
        try {
          deliverBroadcast(a)
        } catch (error) {
          options.log(`realtime: broadcast ${a.id} not delivered: ${String(error)}`)
        }
      }
      if (run.length) await deliverRun(run)
    }
  }

  function kick() {
    if (running || stopped || !pending.length) return
    running = drain()
      .catch((error: unknown) => options.log(`realtime: delivery failed: ${String(error)}`))
      .finally(() => {
        running = null
        kick()
      })
  }

  return {
    /** Queues one announcement (a NOTIFY payload). */
    push(raw: string) {
      if (stopped) return
      pending.push(raw)
      kick()
    },
    async stop() {
      stopped = true
      await running
    },
  }
}
