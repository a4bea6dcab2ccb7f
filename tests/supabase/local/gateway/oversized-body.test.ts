import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../support/server'

/**
 * A body over 10 MiB is refused with 413, and the unread rest of it never sits in front of the next
 * request: the answer says `Connection: close` and the connection ends with it, on every API path.
 */
let t: TestServer

beforeAll(async () => {
  t = await startTestServer()
})
afterAll(async () => {
  await t?.close()
})

const ELEVEN_MIB = 11 * 1024 * 1024

/** Writes raw HTTP on one socket and collects what comes back until the server ends it. */
function rawExchange(socket: Socket, request: Buffer) {
  return new Promise<{ text: string; endedAfterMs: number }>((resolve, reject) => {
    const started = Date.now()
    const chunks: Buffer[] = []
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server may stop reading the refused body; the answer already arrived.
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET') return
      reject(error)
    })
    socket.on('close', () =>
      resolve({
        text: Buffer.concat(chunks).toString('latin1'),
        endedAfterMs: Date.now() - started,
      }),
    )
    socket.write(request)
  })
}

describe('a request body over the limit', () => {
  for (const path of ['/auth/v1/signup', '/rest/v1/products', '/functions/v1/chat-assistant']) {
    it(`${path}: 413 with Connection: close, and the connection does not hang`, async () => {
      const { port } = new URL(t.url)
      const socket = connect(Number(port), '127.0.0.1')
      await new Promise((resolve) => socket.once('connect', resolve))
      const head = Buffer.from(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n` +
          `apikey: ${t.anonKey}\r\nAuthorization: Bearer ${t.anonKey}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${ELEVEN_MIB}\r\n\r\n`,
      )
      const body = Buffer.alloc(ELEVEN_MIB, 0x20)
      // A normal request pipelined right behind the big one, on the same connection.
      const next = Buffer.from(
        `GET /auth/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\napikey: ${t.anonKey}\r\n\r\n`,
      )
      const { text, endedAfterMs } = await rawExchange(socket, Buffer.concat([head, body, next]))
      expect(text.startsWith('HTTP/1.1 413')).toBe(true)
      expect(text.toLowerCase()).toContain('connection: close')
      expect(endedAfterMs).toBeLessThan(10_000)
    })
  }

  it('the client then gets its next request answered at once', async () => {
    const big = await fetch(`${t.url}/rest/v1/products`, {
      method: 'POST',
      headers: { apikey: t.anonKey, 'content-type': 'application/json' },
      body: Buffer.alloc(ELEVEN_MIB, 0x20),
    }).catch((error: unknown) => error as Error)
    if (big instanceof Response) {
      expect(big.status).toBe(413)
      expect(big.headers.get('connection')).toBe('close')
    }
    const started = Date.now()
    const health = await fetch(`${t.url}/auth/v1/health`, {
      headers: { apikey: t.anonKey },
      signal: AbortSignal.timeout(5000),
    })
    expect(health.status).toBe(200)
    expect(Date.now() - started).toBeLessThan(5000)
  })
})
