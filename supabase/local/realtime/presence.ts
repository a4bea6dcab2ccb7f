/**
 * Phoenix Presence for one server: who is tracked on each topic, keyed by the channel's presence key.
 * Each tracking channel holds at most one meta; joins and leaves go out as `presence_diff`, the whole
 * state as `presence_state` (shapes as Phoenix.Presence sends them).
 */
export interface Meta {
  phx_ref: string
  phx_ref_prev?: string
  [field: string]: unknown
}

export type PresenceState = Record<string, { metas: Meta[] }>

interface Entry {
  key: string
  meta: Meta
}

export class PresenceRegistry {
  /** topic → tracking channel id → entry */
  private topics = new Map<string, Map<number, Entry>>()
  private refs = 0

  state(topic: string): PresenceState {
    const state: PresenceState = {}
    for (const { key, meta } of this.topics.get(topic)?.values() ?? []) {
      ;(state[key] ??= { metas: [] }).metas.push(meta)
    }
    return state
  }

  /** Tracks (or updates) what `channelId` shares; returns the diff to send. */
  track(topic: string, channelId: number, key: string, payload: Record<string, unknown>) {
    let entries = this.topics.get(topic)
    if (!entries) this.topics.set(topic, (entries = new Map()))
    const previous = entries.get(channelId)
    const meta: Meta = { ...payload, phx_ref: this.nextRef() }
    if (previous) meta.phx_ref_prev = previous.meta.phx_ref
    entries.set(channelId, { key, meta })
    const leaves: PresenceState = previous ? { [previous.key]: { metas: [previous.meta] } } : {}
    return { joins: { [key]: { metas: [meta] } }, leaves }
  }

  /** Stops tracking `channelId`; returns the diff to send, or null when it tracked nothing. */
  untrack(topic: string, channelId: number) {
    const entries = this.topics.get(topic)
    const previous = entries?.get(channelId)
    if (!entries || !previous) return null
    entries.delete(channelId)
    if (entries.size === 0) this.topics.delete(topic)
    return { joins: {}, leaves: { [previous.key]: { metas: [previous.meta] } } }
  }

  private nextRef() {
    this.refs = (this.refs + 1) % Number.MAX_SAFE_INTEGER
    return `F${Date.now().toString(36)}${this.refs.toString(36)}`
  }
}
