import { Agent, request } from 'node:http'
import { DEMO_SERVICE_ROLE_KEY } from '../../../supabase/local/keys'
import { median, percentile, type Figure } from './figure'
import { treeCpuMs, type RunningServer } from './server-process'

/**
 * Reads of the catalogue list as a shop's visitors make them, shared by the backend and engines parts so
 * that PGlite and PostgreSQL are measured the same way: keep-alive connections, as a browser keeps them,
 * and bodies read but not decoded (a browser decodes off its main thread, and a client spending its time
 * on gunzip would measure itself, not the server).
 */
export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'
export const anonHeaders = { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}` }
export const CATALOGUE = '/rest/v1/rpc/catalogue'
/** The service role: the bench changes its own data directory as an owner would in the admin. */
export const serviceHeaders = {
  apikey: DEMO_SERVICE_ROLE_KEY,
  authorization: `Bearer ${DEMO_SERVICE_ROLE_KEY}`,
}

export interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  bytes: number
}

/** A GET with the anonymous key over `agent`; the body counted, not decoded. */
export function get(
  agent: Agent,
  url: string,
  extra: Record<string, string> = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { ...anonHeaders, ...extra }, agent }, (res) => {
      let bytes = 0
      res.on('data', (chunk: Buffer) => (bytes += chunk.length))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

export async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now()
  const result = await fn()
  return [performance.now() - started, result]
}

/** How long the clients read together before the timed reads. */
const WARM_UP_MS = 1000

export interface CatalogueLatency {
  samples: number[]
  failures: number
  throughput: number
  /** CPU time per read of the server's process tree, and of this (client) process. */
  serverCpuMs: number
  clientCpuMs: number
}

/**
 * `clients` keep-alive connections each reading the list `perClient` times one after another, gzip
 * accepted. Before the timed reads:
 * - one read, and the server left to finish its background work: the first read of a catalogue version
 *   builds the body and its compressed forms (its first visitor pays that), and a second later its best
 *   brotli (seconds of CPU);
 * - the same clients read it together for a second: the first burst of concurrent reads in a process's
 *   life runs while its code is still being compiled (25-77 ms, once: later bursts on new connections do
 *   not pay it), and the code keeps getting faster as V8 optimises it (a server warmed for seconds
 *   answers 20 clients three times as fast as one warmed by a few reads).
 * Both are start-up, not what a visitor to a running shop waits for.
 */
export async function catalogueLatency(
  server: RunningServer,
  clients: number,
  perClient: number,
  extra: Record<string, string> = {},
): Promise<CatalogueLatency> {
  const agent = new Agent({ keepAlive: true })
  const url = `${server.url}${CATALOGUE}`
  const read = () => get(agent, url, { 'accept-encoding': 'gzip', ...extra })
  try {
    await read()
    await server.idle()
    const warmUntil = performance.now() + WARM_UP_MS
    await Promise.all(
      Array.from({ length: clients }, async () => {
        for (let i = 0; i < 3 || performance.now() < warmUntil; i++) await read()
      }),
    )
    const samples: number[] = []
    let failures = 0
    // CPU time says what the reads cost whatever else the (shared) machine is doing.
    const serverCpuBefore = treeCpuMs(server.pid)
    const clientCpuBefore = process.cpuUsage()
    const started = performance.now()
    await Promise.all(
      Array.from({ length: clients }, async () => {
        for (let i = 0; i < perClient; i++) {
          const [ms, res] = await timed(read)
          if (res.status !== 200) failures++
          samples.push(ms)
        }
      }),
    )
    const seconds = (performance.now() - started) / 1000
    const serverCpuAfter = treeCpuMs(server.pid)
    const client = process.cpuUsage(clientCpuBefore)
    const serverCpuMs =
      serverCpuBefore === null || serverCpuAfter === null
        ? NaN
        : (serverCpuAfter - serverCpuBefore) / samples.length
    const clientCpuMs = (client.user + client.system) / 1000 / samples.length
    return { samples, failures, throughput: samples.length / seconds, serverCpuMs, clientCpuMs }
  } finally {
    agent.destroy()
  }
}

/** performance.md's budget for a catalogue read at 20 concurrent clients, on either database. */
export const READ_BUDGET = { clients: 20, p50: 5, p99: 25 }

/**
 * The figures of one latency run, named `Catalogue read p50[, <label>] (<clients> clients)`: at the budget's
 * client count its p50 and p99 held to the budget; at any other, its p50 alone, p99 in the note (how it
 * grows).
 */
export function readFigures(
  group: string,
  label: string,
  clients: number,
  reads: CatalogueLatency,
): Figure[] {
  const p50 = median(reads.samples)
  const p99 = percentile(reads.samples, 99)
  const note = `${reads.throughput.toFixed(0)} reads/s, ${reads.samples.length} reads${reads.failures ? `, ${reads.failures} failed` : ''}`
  const name = (stat: string) =>
    `Catalogue read ${stat}${label ? `, ${label}` : ''} (${clients} clients)`
  if (clients !== READ_BUDGET.clients)
    return [
      {
        group,
        name: name('p50'),
        value: p50,
        unit: 'ms',
        note: `p99 ${p99.toFixed(0)} ms, ${note}`,
      },
    ]
  return [
    { group, name: name('p50'), value: p50, unit: 'ms', budget: READ_BUDGET.p50 },
    { group, name: name('p99'), value: p99, unit: 'ms', budget: READ_BUDGET.p99, note },
  ]
}

/**
 * All of a bench's orders come from one shopper on one network: the store's daily allowances of unpaid
 * guest orders (10 per phone and per address, 30 per network) would refuse all but the first few. They
 * are raised to their highest for the bench's own data directory, as an owner may in the admin's settings.
 */
export async function raiseGuestAllowances(server: RunningServer): Promise<void> {
  const response = await fetch(`${server.url}/rest/v1/store_settings?id=eq.true`, {
    method: 'PATCH',
    headers: {
      ...serviceHeaders,
      'content-type': 'application/json',
      prefer: 'return=representation',
    },
    body: JSON.stringify({
      guest_orders_per_phone_per_day: 1000,
      guest_orders_per_address_per_day: 1000,
      guest_orders_per_network_per_day: 10000,
    }),
  })
  const changed = (await response.json()) as unknown[]
  if (!response.ok || changed.length !== 1) {
    throw new Error(`Could not raise the guest order allowances: ${response.status}`)
  }
}
