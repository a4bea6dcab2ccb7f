/**
 * The state every socket shares: joined channels by topic, presence, and sending to a channel.
 * Public and private channels of the same name are separate topics, as on hosted.
 */
import type WebSocket from 'ws'
import type { ChannelPolicies } from './authorization'
import type { Subscription, Viewer } from './postgres-changes'
import { PresenceRegistry } from './presence'
import { encodeFrame, type Frame, type Vsn } from './protocol'

export interface Client {
  id: number
  ws: WebSocket
  vsn: Vsn
  ip: string
  /** The API key the socket connected with: the token when a join carries none. */
  apiKey: string
  channels: Map<string, Channel>
  lastSeen: number
  /** Events in the current one-second window, and joins. */
  window: { start: number; events: number; joins: number }
  /** Incoming frames are handled one after another. */
  queue: Promise<void>
  closed: boolean
}

export interface Channel {
  id: number
  client: Client
  /** `realtime:<name>` as the client writes it. */
  topic: string
  name: string
  joinRef: string | null
  private: boolean
  accessToken: string
  viewer: Viewer
  /** Seconds since the epoch. */
  exp: number
  selfBroadcast: boolean
  ack: boolean
  presenceEnabled: boolean
  presenceKey: string
  policies: ChannelPolicies | null
  subscriptions: Subscription[]
  tokenTimer: NodeJS.Timeout | null
  closed: boolean
}

export const hubKey = (name: string, isPrivate: boolean) =>
  `${isPrivate ? 'private' : 'public'}:${name}`

export class Hub {
  readonly clients = new Set<Client>()
  /** hubKey → channels joined there. */
  readonly topics = new Map<string, Set<Channel>>()
  readonly presence = new PresenceRegistry()
  /** Channels with at least one postgres_changes subscription. */
  readonly listening = new Set<Channel>()

  send(client: Client, frame: Frame) {
    if (client.closed || client.ws.readyState !== client.ws.OPEN) return
    client.ws.send(encodeFrame(frame, client.vsn))
  }

  push(channel: Channel, event: string, payload: Record<string, unknown>) {
    if (channel.closed) return
    this.send(channel.client, {
      joinRef: channel.joinRef,
      ref: null,
      topic: channel.topic,
      event,
      payload,
    })
  }

  reply(
    client: Client,
    frame: Pick<Frame, 'joinRef' | 'ref' | 'topic'>,
    status: 'ok' | 'error',
    response: Record<string, unknown> = {},
  ) {
    this.send(client, { ...frame, event: 'phx_reply', payload: { status, response } })
  }

  system(channel: Channel, extension: string, status: 'ok' | 'error', message: string) {
    this.push(channel, 'system', { extension, status, message, channel: channel.name })
  }

  add(channel: Channel) {
    const key = hubKey(channel.name, channel.private)
    let set = this.topics.get(key)
    if (!set) this.topics.set(key, (set = new Set()))
    set.add(channel)
    channel.client.channels.set(channel.topic, channel)
    if (channel.subscriptions.length) this.listening.add(channel)
  }

  /** Removes a channel: its presence leaves, its timers stop. `notify` sends phx_close to it. */
  remove(channel: Channel, notify: boolean) {
    if (channel.closed) return
    if (notify) this.push(channel, 'phx_close', {})
    channel.closed = true
    if (channel.tokenTimer) clearTimeout(channel.tokenTimer)
    const key = hubKey(channel.name, channel.private)
    const set = this.topics.get(key)
    set?.delete(channel)
    if (set && set.size === 0) this.topics.delete(key)
    if (channel.client.channels.get(channel.topic) === channel) {
      channel.client.channels.delete(channel.topic)
    }
    this.listening.delete(channel)
    const diff = this.presence.untrack(key, channel.id)
    if (diff) this.presenceDiff(key, diff)
  }

  /** Ends a channel as hosted does: a system error saying why, then phx_close. */
  shutdown(channel: Channel, message: string) {
    this.system(channel, 'system', 'error', message)
    this.remove(channel, true)
  }

  presenceDiff(key: string, diff: Record<string, unknown>) {
    for (const other of this.topics.get(key) ?? []) {
      if (other.presenceEnabled && (!other.policies || other.policies.presence.read)) {
        this.push(other, 'presence_diff', diff)
      }
    }
  }

  /** A broadcast to everyone on the topic who may read it (the sender only with `self`). */
  broadcast(key: string, body: Record<string, unknown>, from: Channel | null) {
    for (const other of this.topics.get(key) ?? []) {
      if (other === from && !other.selfBroadcast) continue
      if (other.policies && !other.policies.broadcast.read) continue
      this.send(other.client, {
        joinRef: null,
        ref: null,
        topic: other.topic,
        event: 'broadcast',
        payload: body,
      })
    }
  }
}
