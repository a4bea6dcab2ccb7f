/**
 * One socket's channel traffic: joins (token, limits, private-channel policies, postgres_changes
 * bindings, presence), and what a joined channel may send (broadcast, presence, access_token, leave).
 * Refusals use hosted Realtime's words.
 */
import { randomUUID } from 'node:crypto'
import { JwtError, type JwtClaims, type VerifyJwt } from '../jwt'
import { channelPolicies } from './authorization'
import type { RealtimeDatabase } from './database'
import { hubKey, type Channel, type Client, type Hub } from './hub'
import {
  resolveSubscription,
  subscriptionId,
  type ChangeParams,
  type Subscription,
  type TableInfo,
  type Viewer,
} from './postgres-changes'
import type { Frame } from './protocol'

export interface Limits {
  maxConnections: number
  maxConnectionsPerIp: number
  maxChannelsPerClient: number
  maxEventsPerSecond: number
  maxJoinsPerSecond: number
  heartbeatTimeoutMs: number
  maxFrameBytes: number
}

export const defaultLimits: Limits = {
  maxConnections: 2000,
  maxConnectionsPerIp: 1000,
  maxChannelsPerClient: 100,
  maxEventsPerSecond: 100,
  maxJoinsPerSecond: 100,
  heartbeatTimeoutMs: 60_000,
  maxFrameBytes: 1024 * 1024,
}

export interface ChannelContext {
  hub: Hub
  db: RealtimeDatabase
  verifyJwt: VerifyJwt
  now: () => number
  limits: Limits
  publication(refresh: boolean): Promise<Map<string, TableInfo>>
}

const FIVE_MINUTES = 5 * 60_000
let nextChannelId = 1

type TokenCheck =
  { ok: true; claims: JwtClaims; exp: number } | { ok: false; code: string; message: string }

/** Verifies a channel token as hosted does: signature, then `role` and `exp`, then expiry. */
export async function checkToken(ctx: ChannelContext, token: string): Promise<TokenCheck> {
  try {
    const claims = await ctx.verifyJwt(token)
    if (typeof claims.role !== 'string' || typeof claims.exp !== 'number') {
      return {
        ok: false,
        code: 'InvalidJWTToken',
        message: 'Fields `role` and `exp` are required in JWT',
      }
    }
    return { ok: true, claims, exp: claims.exp }
  } catch (error) {
    if (error instanceof JwtError && error.reason === 'expired') {
      const exp = peekExp(token)
      const ago = exp === null ? 0 : Math.max(0, Math.floor(ctx.now() / 1000) - exp)
      return { ok: false, code: 'InvalidJWTToken', message: `Token has expired ${ago} seconds ago` }
    }
    if (error instanceof JwtError && error.reason === 'invalid_signature') {
      return { ok: false, code: 'JwtSignatureError', message: 'Failed to validate JWT signature' }
    }
    return { ok: false, code: 'MalformedJWT', message: 'The token provided is not a valid JWT' }
  }
}

function peekExp(token: string): number | null {
  try {
    const body = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      exp?: unknown
    }
    return typeof body.exp === 'number' ? body.exp : null
  } catch {
    return null
  }
}

const viewerOf = (claims: JwtClaims): Viewer => ({ role: String(claims.role), claims })

/** Re-checks the token when it expires (at the latest every five minutes) and ends the channel then. */
function scheduleTokenCheck(ctx: ChannelContext, channel: Channel) {
  if (channel.tokenTimer) clearTimeout(channel.tokenTimer)
  const left = channel.exp * 1000 - ctx.now()
  channel.tokenTimer = setTimeout(
    () => {
      void checkToken(ctx, channel.accessToken).then((check) => {
        if (channel.closed) return
        if (check.ok) scheduleTokenCheck(ctx, channel)
        else ctx.hub.shutdown(channel, check.message)
      })
    },
    Math.max(0, Math.min(FIVE_MINUTES, left)),
  )
  channel.tokenTimer.unref()
}

/** A refused join, as hosted words it: `<error code>: <message>`. */
const refuse = (ctx: ChannelContext, client: Client, frame: Frame, code: string, message: string) =>
  ctx.hub.reply(client, frame, 'error', { reason: `${code}: ${message}` })

function countJoin(ctx: ChannelContext, client: Client): boolean {
  const now = ctx.now()
  if (now - client.window.start >= 1000) client.window = { start: now, events: 0, joins: 0 }
  client.window.joins++
  return client.window.joins <= ctx.limits.maxJoinsPerSecond
}

export async function join(ctx: ChannelContext, client: Client, frame: Frame): Promise<void> {
  const { hub } = ctx
  const name = frame.topic.slice('realtime:'.length)
  if (!name) return refuse(ctx, client, frame, 'TopicNameRequired', 'You must provide a topic name')
  // Joining a topic again replaces the earlier channel, as Phoenix does.
  const earlier = client.channels.get(frame.topic)
  if (earlier) hub.remove(earlier, true)
  if (!countJoin(ctx, client)) {
    return refuse(ctx, client, frame, 'ClientJoinRateLimitReached', 'Too many joins per second')
  }
  if (client.channels.size >= ctx.limits.maxChannelsPerClient) {
    return refuse(ctx, client, frame, 'ChannelRateLimitReached', 'Too many channels')
  }
  if (hub.clients.size > ctx.limits.maxConnections) {
    return refuse(ctx, client, frame, 'ConnectionRateLimitReached', 'Too many connected users')
  }
  const config = (frame.payload.config ?? {}) as Record<string, unknown>
  const broadcast = (config.broadcast ?? {}) as Record<string, unknown>
  const presence = (config.presence ?? {}) as Record<string, unknown>
  const token =
    typeof frame.payload.access_token === 'string' ? frame.payload.access_token : client.apiKey
  const check = await checkToken(ctx, token)
  if (!check.ok) return refuse(ctx, client, frame, check.code, check.message)
  const viewer = viewerOf(check.claims)
  const isPrivate = config.private === true
  let policies = null
  if (isPrivate) {
    policies = await channelPolicies(ctx.db, name, viewer)
    if (!policies.broadcast.read) {
      return refuse(
        ctx,
        client,
        frame,
        'Unauthorized',
        `You do not have permissions to read from this Channel topic: ${name}`,
      )
    }
  }

  const bindings = Array.isArray(config.postgres_changes)
    ? (config.postgres_changes as ChangeParams[]).filter((b) => b && typeof b === 'object')
    : []
  const subscriptions: Subscription[] = []
  const refusals: string[] = []
  if (bindings.length) {
    let published = await ctx.publication(false)
    const wanted = bindings.some((b) => b.table && !published.has(`${b.schema}.${b.table}`))
    if (wanted) published = await ctx.publication(true)
    for (const params of bindings) {
      const resolved = resolveSubscription(params, published)
      if ('error' in resolved) refusals.push(resolved.error)
      else subscriptions.push(resolved.subscription)
    }
  }
  if (client.closed) return

  const channel: Channel = {
    id: nextChannelId++,
    client,
    topic: frame.topic,
    name,
    joinRef: frame.joinRef ?? frame.ref,
    private: isPrivate,
    accessToken: token,
    viewer,
    exp: check.exp,
    selfBroadcast: broadcast.self === true,
    ack: broadcast.ack === true,
    presenceEnabled: presence.enabled === true,
    presenceKey: typeof presence.key === 'string' && presence.key ? presence.key : randomUUID(),
    policies,
    // A binding the server cannot serve leaves the channel without postgres changes, as hosted.
    subscriptions: refusals.length ? [] : subscriptions,
    tokenTimer: null,
    closed: false,
  }
  hub.add(channel)
  scheduleTokenCheck(ctx, channel)
  hub.reply(client, frame, 'ok', {
    postgres_changes: bindings.map((params) => ({ ...params, id: subscriptionId(params) })),
  })
  if (bindings.length) {
    if (refusals.length)
      for (const message of refusals) hub.system(channel, 'postgres_changes', 'error', message)
    else hub.system(channel, 'postgres_changes', 'ok', 'Subscribed to PostgreSQL')
  }
  if (channel.presenceEnabled && (!policies || policies.presence.read)) {
    hub.push(channel, 'presence_state', hub.presence.state(hubKey(name, isPrivate)))
  }
}

/** Counts an event against the socket's per-second budget; false when over it. */
function countEvent(ctx: ChannelContext, client: Client): boolean {
  const now = ctx.now()
  if (now - client.window.start >= 1000) client.window = { start: now, events: 0, joins: 0 }
  client.window.events++
  return client.window.events <= ctx.limits.maxEventsPerSecond
}

/** An event on a joined channel. */
export async function handleChannelEvent(
  ctx: ChannelContext,
  channel: Channel,
  frame: Frame,
): Promise<void> {
  const { hub } = ctx
  const client = channel.client
  if (frame.event === 'phx_leave') {
    hub.reply(client, frame, 'ok')
    hub.remove(channel, false)
    return
  }
  if (!countEvent(ctx, client)) {
    hub.shutdown(channel, 'Too many messages per second')
    return
  }
  const key = hubKey(channel.name, channel.private)
  switch (frame.event) {
    case 'broadcast': {
      const { type: _type, ...body } = frame.payload
      if (typeof body.event !== 'string') break
      if (!channel.policies || channel.policies.broadcast.write) {
        hub.broadcast(key, { type: 'broadcast', ...body }, channel)
      }
      if (channel.ack) hub.reply(client, frame, 'ok')
      return
    }
    case 'presence': {
      const event = frame.payload.event
      if (channel.policies && !channel.policies.presence.write) {
        hub.reply(client, frame, 'error', {
          reason: 'You do not have permissions to track presence',
        })
        return
      }
      if (event === 'track') {
        const payload = frame.payload.payload
        const meta =
          payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : {}
        if (JSON.stringify(meta).length > 10_000) {
          hub.reply(client, frame, 'error', { reason: 'Presence payload is too large' })
          return
        }
        hub.presenceDiff(key, hub.presence.track(key, channel.id, channel.presenceKey, meta))
        hub.reply(client, frame, 'ok')
        return
      }
      if (event === 'untrack') {
        const diff = hub.presence.untrack(key, channel.id)
        if (diff) hub.presenceDiff(key, diff)
        hub.reply(client, frame, 'ok')
        return
      }
      hub.reply(client, frame, 'error', { reason: 'Unknown presence event' })
      return
    }
    case 'access_token': {
      const token = frame.payload.access_token
      if (typeof token !== 'string' || token === channel.accessToken) return
      const check = await checkToken(ctx, token)
      if (channel.closed) return
      if (!check.ok) {
        hub.shutdown(channel, check.message)
        return
      }
      const viewer = viewerOf(check.claims)
      if (channel.private) {
        const policies = await channelPolicies(ctx.db, channel.name, viewer)
        if (!policies.broadcast.read) {
          hub.shutdown(
            channel,
            `You do not have permissions to read from this Channel topic: ${channel.name}`,
          )
          return
        }
        channel.policies = policies
      }
      channel.accessToken = token
      channel.viewer = viewer
      channel.exp = check.exp
      scheduleTokenCheck(ctx, channel)
      return
    }
    default:
      // Hosted ignores (and only logs) an event it does not know.
      return
  }
}
