/**
 * The embedded Realtime service: WebSocket upgrades at `/realtime/v1/websocket` on the gateway's HTTP
 * server, Phoenix channels as supabase-js's RealtimeClient speaks them, and the REST broadcast endpoint
 * (`POST /realtime/v1/api/broadcast`). Each socket is handled on its own: a bad frame, a refused join or
 * a flood ends that socket or channel only.
 */
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import type { VerifyJwt } from '../jwt'
import { channelPolicies } from './authorization'
import {
  checkToken,
  defaultLimits,
  handleChannelEvent,
  join,
  type ChannelContext,
  type Limits,
} from './channels'
import {
  CHANGE_CHANNEL,
  installCapture,
  syncCapture,
  type CaptureFailure,
  type RealtimeDatabase,
} from './database'
import { createDispatcher } from './dispatcher'
import { Hub, hubKey, type Client } from './hub'
import { loadPublication, type RawChange, type TableInfo } from './postgres-changes'
import { BadFrame, decodeFrame, type Vsn } from './protocol'

export { realtimeDatabase, type RealtimeDatabase } from './database'
export type { Limits } from './channels'

export const WEBSOCKET_PATH = '/realtime/v1/websocket'

export interface RealtimeOptions {
  database: RealtimeDatabase
  verifyJwt: VerifyJwt
  /** The API keys a socket may connect with. */
  apiKeys: Set<string>
  now?: () => number
  limits?: Partial<Limits>
  log?: (message: string) => void
  onDelivered?: (change: RawChange, deliveries: number) => void
}

export interface RealtimeServer {
  /** Takes an HTTP upgrade; false when the path is not Realtime's. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, ip: string): boolean
  /** `/realtime/v1/api/*` requests. */
  handleHttp(request: Request): Promise<Response>
  stats(): { connections: number; channels: number }
  close(): Promise<void>
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

function rejectUpgrade(socket: Duplex, status: number, reason: string, body: unknown) {
  const text = JSON.stringify(body)
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`,
  )
}

export async function createRealtimeServer(options: RealtimeOptions): Promise<RealtimeServer> {
  const now = options.now ?? Date.now
  const log = options.log ?? (() => {})
  const limits: Limits = { ...defaultLimits, ...options.limits }
  const db = options.database
  const hub = new Hub()

  // Each table that cannot take the capture trigger is named once; the others are served.
  const reported = new Set<string>()
  const report = (failures: CaptureFailure[]) => {
    for (const f of failures) {
      if (reported.has(f.table)) continue
      reported.add(f.table)
      log(`realtime: changes of ${f.table} cannot be delivered: ${f.reason}`)
    }
  }
  report(await installCapture(db))
  let published: Map<string, TableInfo> = await loadPublication(db)
  let publishedAt = now()
  // One refresh at a time: a burst of joins waits for the same reading.
  let refreshing: Promise<Map<string, TableInfo>> | null = null
  const publication = async (refresh: boolean) => {
    if (!refresh && now() - publishedAt <= 5000) return published
    refreshing ??= (async () => {
      try {
        report(await syncCapture(db))
        published = await loadPublication(db)
      } catch (error) {
        // A failed reading keeps the last one: joins and deliveries go on with what was known.
        log(`realtime: reading the publication failed: ${String(error)}`)
      } finally {
        publishedAt = now()
        refreshing = null
      }
      return published
    })()
    return refreshing
  }
  const ctx: ChannelContext = { hub, db, verifyJwt: options.verifyJwt, now, limits, publication }
  const dispatcher = createDispatcher({
    hub,
    db,
    now,
    publication,
    log,
    onDelivered: options.onDelivered,
  })
  const unlisten = await db.listen(CHANGE_CHANNEL, (payload) => dispatcher.push(payload))

  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxFrameBytes })
  let nextClientId = 1
  const perIp = new Map<string, number>()

  function drop(client: Client) {
    if (client.closed) return
    client.closed = true
    hub.clients.delete(client)
    const left = (perIp.get(client.ip) ?? 1) - 1
    if (left <= 0) perIp.delete(client.ip)
    else perIp.set(client.ip, left)
    for (const channel of [...client.channels.values()]) hub.remove(channel, false)
  }

  async function onFrame(client: Client, data: Buffer, isBinary: boolean) {
    let frame
    try {
      frame = decodeFrame(data, isBinary, client.vsn)
    } catch (error) {
      if (!(error instanceof BadFrame)) throw error
      // An undecodable frame ends this socket only, as Phoenix's transport does.
      client.ws.close(1007, error.message)
      return
    }
    if (frame.topic === 'phoenix') {
      if (frame.event === 'heartbeat') hub.reply(client, frame, 'ok')
      return
    }
    if (frame.event === 'phx_join') {
      if (!frame.topic.startsWith('realtime:')) {
        hub.reply(client, frame, 'error', { reason: 'unmatched topic' })
        return
      }
      await join(ctx, client, frame)
      return
    }
    const channel = client.channels.get(frame.topic)
    if (!channel || (frame.joinRef && channel.joinRef && frame.joinRef !== channel.joinRef)) {
      hub.reply(client, frame, 'error', { reason: 'unmatched topic' })
      return
    }
    await handleChannelEvent(ctx, channel, frame)
  }

  function accept(ws: WebSocket, vsn: Vsn, ip: string, apiKey: string) {
    const client: Client = {
      id: nextClientId++,
      ws,
      vsn,
      ip,
      apiKey,
      channels: new Map(),
      lastSeen: now(),
      window: { start: now(), events: 0, joins: 0 },
      queue: Promise.resolve(),
      closed: false,
    }
    hub.clients.add(client)
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      client.lastSeen = now()
      client.queue = client.queue
        .then(() => onFrame(client, data, isBinary))
        .catch((error: unknown) => {
          log(`realtime: socket ${client.id} failed: ${String(error)}`)
          ws.close(1011, 'internal error')
        })
    })
    ws.on('close', () => drop(client))
    ws.on('error', () => drop(client))
  }

  // Sockets that stop sending (heartbeats come every 25 s) are dropped.
  const sweep = setInterval(
    () => {
      const cutoff = now() - limits.heartbeatTimeoutMs
      for (const client of [...hub.clients]) {
        if (client.lastSeen < cutoff) {
          client.ws.terminate()
          drop(client)
        }
      }
    },
    Math.max(50, Math.min(1000, limits.heartbeatTimeoutMs / 4)),
  )
  sweep.unref()

  return {
    handleUpgrade(req, socket, head, ip) {
      const url = new URL(req.url ?? '/', 'http://localhost')
      if (url.pathname !== WEBSOCKET_PATH && url.pathname !== `${WEBSOCKET_PATH}/`) return false
      const apikey = url.searchParams.get('apikey') ?? String(req.headers.apikey ?? '')
      if (!apikey) {
        rejectUpgrade(socket, 401, 'Unauthorized', {
          message: 'No API key found in request',
          hint: 'No `apikey` request header or url param was found.',
        })
        return true
      }
      if (!options.apiKeys.has(apikey)) {
        rejectUpgrade(socket, 401, 'Unauthorized', {
          message: 'Invalid API key',
          hint: 'Double check your Supabase `anon` or `service_role` API key.',
        })
        return true
      }
      const vsn = (url.searchParams.get('vsn') ?? '1.0.0') as Vsn
      if (vsn !== '1.0.0' && vsn !== '2.0.0') {
        rejectUpgrade(socket, 400, 'Bad Request', { message: `Unsupported vsn: ${vsn}` })
        return true
      }
      const open = perIp.get(ip) ?? 0
      if (open >= limits.maxConnectionsPerIp || hub.clients.size >= limits.maxConnections) {
        rejectUpgrade(socket, 429, 'Too Many Requests', { message: 'Too many connections' })
        return true
      }
      perIp.set(ip, open + 1)
      wss.handleUpgrade(req, socket, head, (ws) => accept(ws, vsn, ip, apikey))
      return true
    },

    async handleHttp(request) {
      const url = new URL(request.url)
      if (url.pathname !== '/realtime/v1/api/broadcast' || request.method !== 'POST') {
        return json(404, { message: 'no Route matched with those values' })
      }
      const auth = request.headers.get('authorization') ?? ''
      const token = auth.replace(/^Bearer\s+/i, '') || request.headers.get('apikey') || ''
      const check = await checkToken(ctx, token)
      if (!check.ok) return json(401, { message: check.message })
      let body: { messages?: unknown }
      try {
        body = (await request.json()) as { messages?: unknown }
      } catch {
        return json(400, { message: 'Body is not valid JSON' })
      }
      if (!Array.isArray(body.messages)) return json(400, { message: '`messages` must be a list' })
      const viewer = { role: String(check.claims.role), claims: check.claims }
      for (const m of body.messages as Record<string, unknown>[]) {
        if (typeof m?.topic !== 'string' || typeof m.event !== 'string') {
          return json(400, { message: 'Each message needs a `topic` and an `event`' })
        }
        const isPrivate = m.private === true
        if (isPrivate && !(await channelPolicies(db, m.topic, viewer)).broadcast.write) continue
        hub.broadcast(
          hubKey(m.topic, isPrivate),
          { type: 'broadcast', event: m.event, payload: m.payload ?? {} },
          null,
        )
      }
      return new Response(null, { status: 202 })
    },

    stats: () => ({
      connections: hub.clients.size,
      channels: [...hub.clients].reduce((n, c) => n + c.channels.size, 0),
    }),

    async close() {
      clearInterval(sweep)
      for (const client of [...hub.clients]) {
        client.ws.terminate()
        drop(client)
      }
      wss.close()
      await dispatcher.stop()
      await unlisten().catch(() => {})
    },
  }
}
