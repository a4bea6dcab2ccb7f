/**
 * Phoenix channel frames as Supabase Realtime speaks them. Version 1.0.0 sends JSON objects; 2.0.0
 * (supabase-js's default) sends JSON arrays `[join_ref, ref, topic, event, payload]`, and user
 * broadcasts as binary frames: kind 3 from the client, kind 4 to the client.
 */
export type Vsn = '1.0.0' | '2.0.0'

export interface Frame {
  joinRef: string | null
  ref: string | null
  topic: string
  event: string
  payload: Record<string, unknown>
}

/** A broadcast that may travel as a binary frame: its user payload is JSON or raw bytes. */
export interface BroadcastBody {
  type: 'broadcast'
  event: string
  payload: unknown
  meta?: Record<string, unknown>
}

const KIND_USER_BROADCAST_PUSH = 3
const KIND_USER_BROADCAST = 4
const ENCODING_BINARY = 0
const ENCODING_JSON = 1

export class BadFrame extends Error {}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

const asRef = (v: unknown): string | null =>
  v === null || v === undefined ? null : typeof v === 'string' ? v : String(v)

function checked(
  joinRef: unknown,
  ref: unknown,
  topic: unknown,
  event: unknown,
  payload: unknown,
): Frame {
  if (typeof topic !== 'string' || typeof event !== 'string') {
    throw new BadFrame('a frame needs a topic and an event')
  }
  return {
    joinRef: asRef(joinRef),
    ref: asRef(ref),
    topic,
    event,
    payload: isObject(payload) ? payload : {},
  }
}

export function decodeFrame(data: Buffer | string, isBinary: boolean, vsn: Vsn): Frame {
  if (isBinary) {
    if (vsn !== '2.0.0') throw new BadFrame('binary frames need protocol 2.0.0')
    return decodeBroadcastPush(typeof data === 'string' ? Buffer.from(data) : data)
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(data.toString())
  } catch {
    throw new BadFrame('frame is not JSON')
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) {
      throw new BadFrame('a 2.0.0 frame is an array of five')
    }
    const [joinRef, ref, topic, event, payload] = parsed as unknown[]
    return checked(joinRef, ref, topic, event, payload)
  }
  if (!isObject(parsed)) throw new BadFrame('a 1.0.0 frame is an object')
  return checked(parsed.join_ref, parsed.ref, parsed.topic, parsed.event, parsed.payload)
}

function decodeBroadcastPush(buf: Buffer): Frame {
  if (buf.length < 7 || buf[0] !== KIND_USER_BROADCAST_PUSH) {
    throw new BadFrame('unknown binary frame')
  }
  const sizes = [buf[1]!, buf[2]!, buf[3]!, buf[4]!, buf[5]!]
  const encoding = buf[6]
  let offset = 7
  const parts = sizes.map((size) => {
    const part = buf.subarray(offset, offset + size)
    if (part.length !== size) throw new BadFrame('binary frame is cut short')
    offset += size
    return part.toString('utf8')
  })
  const [joinRef, ref, topic, userEvent, metadata] = parts as [
    string,
    string,
    string,
    string,
    string,
  ]
  const raw = buf.subarray(offset)
  let userPayload: unknown
  if (encoding === ENCODING_JSON) {
    try {
      userPayload = JSON.parse(raw.toString('utf8'))
    } catch {
      throw new BadFrame('broadcast payload is not JSON')
    }
  } else if (encoding === ENCODING_BINARY) {
    userPayload = Buffer.from(raw)
  } else {
    throw new BadFrame('unknown payload encoding')
  }
  let meta: Record<string, unknown> = {}
  if (metadata) {
    try {
      const parsed: unknown = JSON.parse(metadata)
      if (isObject(parsed)) meta = parsed
    } catch {
      throw new BadFrame('broadcast metadata is not JSON')
    }
  }
  return {
    joinRef: joinRef || null,
    ref: ref || null,
    topic,
    event: 'broadcast',
    payload: { ...meta, type: 'broadcast', event: userEvent, payload: userPayload },
  }
}

/** Serialises a frame for a socket of the given protocol version. */
export function encodeFrame(frame: Frame, vsn: Vsn): string | Buffer {
  if (vsn === '2.0.0') {
    if (frame.event === 'broadcast' && frame.joinRef === null && frame.ref === null) {
      const body = frame.payload as unknown as BroadcastBody
      if (typeof body.event === 'string') return encodeUserBroadcast(frame.topic, body)
    }
    return JSON.stringify([frame.joinRef, frame.ref, frame.topic, frame.event, frame.payload])
  }
  return JSON.stringify({
    join_ref: frame.joinRef,
    ref: frame.ref,
    topic: frame.topic,
    event: frame.event,
    payload: frame.payload,
  })
}

function encodeUserBroadcast(topic: string, body: BroadcastBody): Buffer | string {
  const topicBytes = Buffer.from(topic)
  const eventBytes = Buffer.from(body.event)
  const metaBytes = Buffer.from(body.meta ? JSON.stringify(body.meta) : '')
  if (topicBytes.length > 255 || eventBytes.length > 255 || metaBytes.length > 255) {
    return JSON.stringify([null, null, topic, 'broadcast', body])
  }
  const binary = Buffer.isBuffer(body.payload) || body.payload instanceof Uint8Array
  const payloadBytes = binary
    ? Buffer.from(body.payload as Uint8Array)
    : Buffer.from(JSON.stringify(body.payload ?? {}))
  const header = Buffer.from([
    KIND_USER_BROADCAST,
    topicBytes.length,
    eventBytes.length,
    metaBytes.length,
    binary ? ENCODING_BINARY : ENCODING_JSON,
  ])
  return Buffer.concat([header, topicBytes, eventBytes, metaBytes, payloadBytes])
}
