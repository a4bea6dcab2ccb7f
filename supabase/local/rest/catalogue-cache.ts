/**
 * The catalogue RPCs (`/rest/v1/rpc/catalogue`, the list every visit reads, and
 * `/rest/v1/rpc/catalogue_details`, read after it) answered from memory.
 *
 * Every shopper's device asks for the catalogue on each visit, and building it takes tens of milliseconds
 * on the single database connection, so a few shoppers at once would queue behind each other.
 * `catalogue_version()` costs about a millisecond and changes whenever anything the catalogue shows
 * changes (products, brands, stock after every order). So each request asks the database for the version,
 * under its own role, and gets the body built once for that version (per function):
 *
 * - `ETag: "<version>"`, `Cache-Control: no-cache`: browsers and the service worker revalidate every time
 *   and get a bodiless 304 while nothing changed.
 * - gzip and brotli variants made once per version (brotli at its best level a moment later, in the
 *   background), chosen by Accept-Encoding (`Vary: Accept-Encoding`).
 * - Requests that arrive while a version check is waiting for the connection share it. A check that has
 *   already started is never shared with later requests, so no request sees a version older than the
 *   database had when it arrived.
 *
 * Only plain calls are served here (GET, HEAD, POST without arguments; no filters, Prefer, Range or special
 * Accept); anything else, or anything unexpected (a missing function, an error, a body that sets response
 * GUCs), takes PostgREST's ordinary path, so answers and errors stay exactly as they were.
 */
import { promisify } from 'node:util'
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib'
import { chooseEncoding, type Encoding } from '../http-compression'
import type { LocalDb, RequestContext } from '../db'
import { negotiate } from './media-type'
import type { RequestView } from './request-view'
import { relKey, type SchemaCache } from './schema-cache'
import { CATALOGUE_CHANNEL } from './catalogue-channel'

export { nodeRequestView, type RequestView } from './request-view'

export interface CatalogueCacheOptions {
  db: LocalDb
  /** Delay before the best-quality brotli of a version is made (default 1 s; later versions cancel it). */
  bestBrotliDelayMs?: number
  log?: (message: string) => void
}

/** A cached answer; `toResponse` makes a fetch Response of it. */
export interface CatalogueAnswer {
  status: number
  headers: Record<string, string>
  /** null for 304 and HEAD. */
  body: Buffer | null
}

export interface CatalogueRequest {
  req: RequestView
  url: URL
  method: string
  /** Exposed schema the request addresses (Accept-Profile / Content-Profile). */
  schema: string
  /** Routine name from the URL (`/rpc/<name>`). */
  routine: string
  /** The role the request runs as (from its JWT). */
  role: string
  /**
   * What the ordinary path would hand to `withRequest` (role, claims, headers); asked for only when this
   * request starts a version check or a build, so most requests never make it.
   */
  context: () => RequestContext
  schemaCache: SchemaCache
}

export interface CatalogueCache {
  /** The answer from the cache, or null when the request must take the ordinary path. */
  serve(request: CatalogueRequest): Promise<CatalogueAnswer | null>
  /** Entries held (one per function and role at most); for tests. */
  readonly size: number
}

/** The RPCs this cache answers (`/rest/v1/rpc/<name>`): both follow catalogue_version(). */
export const CATALOGUE_RPC = 'catalogue'
export const CATALOGUE_DETAILS_RPC = 'catalogue_details'
export const CATALOGUE_RPCS: ReadonlySet<string> = new Set([CATALOGUE_RPC, CATALOGUE_DETAILS_RPC])
const VERSION_FUNCTION = 'catalogue_version'
export { CATALOGUE_CHANNEL }
const JSON_TYPE = 'application/json; charset=utf-8'

const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Compressed forms of one body; shared by roles whose bodies are byte-identical. */
interface Variants {
  body: Buffer
  gzip?: Promise<Buffer>
  /** Quick brotli (quality 5): ready within tens of milliseconds. */
  brFast?: Promise<Buffer>
  /** Best brotli (quality 11): about 12% smaller, seconds of CPU, so made in the background. */
  brBest?: Buffer
  bestScheduled?: boolean
}

interface Entry {
  /** The version the body was read at (ETag). */
  version: string
  variants: Variants
}

interface Build {
  /** Version it was started for; updated to the version actually read once it is built. */
  version: string
  promise: Promise<Entry | null>
}

interface Check {
  promise: Promise<string | null>
  resolve(version: string | null): void
  reject(error: unknown): void
}

export function toResponse(answer: CatalogueAnswer): Response {
  return new Response(answer.body as Uint8Array<ArrayBuffer> | null, {
    status: answer.status,
    headers: answer.headers,
  })
}

function isPlainCall(request: CatalogueRequest, bodyText: string | null): boolean {
  const { req, url, method } = request
  if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') return false
  if (method === 'POST' && !/^\s*(\{\s*\})?\s*$/.test(bodyText ?? '')) return false
  for (const key of url.searchParams.keys()) if (key !== 'apikey') return false
  if (req.headers.has('prefer') || req.headers.has('range')) return false
  try {
    const accepted = negotiate(req.headers.get('accept'))
    return accepted.type === 'json' && !accepted.stripNulls
  } catch {
    return false
  }
}

function hasNoArgFunction(cache: SchemaCache, name: string): boolean {
  const candidates = cache.routines.get(relKey('public', name)) ?? []
  return candidates.some(
    (c) => c.args.every((a) => a.hasDefault) && !c.returnsSet && !c.isVoid && !c.isComposite,
  )
}

/** If-None-Match against a version: weak comparison, lists and `*`, as RFC 9110 asks for GET/HEAD. */
function matches(ifNoneMatch: string | null, version: string): boolean {
  if (!ifNoneMatch) return false
  if (ifNoneMatch.trim() === '*') return true
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === `"${version}"`)
}

export function createCatalogueCache(options: CatalogueCacheOptions): CatalogueCache {
  const { db } = options
  const log = options.log ?? ((m: string) => console.error(m))
  const bestDelay = options.bestBrotliDelayMs ?? 1000
  /** Version checks not yet started, per role: later arrivals join them. */
  const waitingChecks = new Map<string, Check>()
  /** The newest body per function and role (`<function> <role>`). */
  const builds = new Map<string, Build>()
  /** Built entries by build promise, to find a twin without awaiting. */
  const settled = new WeakMap<Promise<Entry | null>, Entry>()
  /** One best-quality brotli at a time, so the background work never takes both cores. */
  let bestQueue: Promise<void> = Promise.resolve()

  /**
   * The version last read per role, kept while the database has not said the catalogue changed. Used
   * only once the database is listened to; until then (or if listening fails) every read asks.
   */
  const knownVersions = new Map<string, string>()
  /** Goes up with every change notice: a check that started before one may not be kept. */
  let changes = 0
  let listening = false
  const changed = () => {
    changes++
    knownVersions.clear()
  }
  // A request through this server committed a write: forget the known versions at once. The
  // database's change notice (below) says the same, but on PostgreSQL it arrives after the commit, on
  // another connection; without this a read that follows its own write could get the old version.
  db.onCommit(changed)
  // The listener lives as long as the database (one cache per server).
  db.pg.listen(CATALOGUE_CHANNEL, changed).then(
    () => {
      listening = true
    },
    (error: unknown) => {
      log(`catalogue cache: cannot listen for changes, checking every read: ${String(error)}`)
    },
  )

  function currentVersion(role: string, context: () => RequestContext): Promise<string | null> {
    const known = listening ? knownVersions.get(role) : undefined
    if (known) return Promise.resolve(known)
    const waiting = waitingChecks.get(role)
    if (waiting) return waiting.promise
    let resolve!: (v: string | null) => void
    let reject!: (e: unknown) => void
    const promise = new Promise<string | null>((res, rej) => {
      resolve = res
      reject = rej
    })
    const check: Check = { promise, resolve, reject }
    waitingChecks.set(role, check)
    const leave = () => {
      if (waitingChecks.get(role) === check) waitingChecks.delete(role)
    }
    // PGlite runs a query start to finish without yielding to other requests, so a check started at
    // once would never be shared. Waiting for the end of this event-loop turn lets every request that
    // arrived in it join.
    setImmediate(() => {
      // The version depends on nothing in the request but its role: no need to hand the headers over.
      const checkContext = { ...context(), headers: {}, cookies: {} }
      db.withRequest(checkContext, { readOnly: true }, async (tx) => {
        // From here on the answer may predate a request arriving now: it starts its own check.
        leave()
        const changesBefore = changes
        const wasListening = listening
        const res = await tx.query<{ version: string | null }>(
          `select public.${VERSION_FUNCTION}() as version`,
        )
        const version = res.rows[0]?.version ?? null
        // Kept only if no change was announced since the check began.
        if (version && wasListening && changes === changesBefore) knownVersions.set(role, version)
        return version
      }).then(
        (version) => {
          leave()
          check.resolve(version)
        },
        (error: unknown) => {
          leave()
          check.reject(error)
        },
      )
    })
    return promise
  }

  async function build(routine: string, context: RequestContext): Promise<Entry | null> {
    // Version and body in one statement, so they come from one snapshot. The RPC's own text form:
    // PostgREST sends a scalar (here json) result as to_json(value)::text.
    const row = await db.withRequest(context, { readOnly: true }, async (tx) => {
      const res = await tx.query<{
        version: string | null
        body: string | null
        status: string | null
        headers: string | null
      }>(
        `select public.${VERSION_FUNCTION}() as version,
                to_json(public.${routine}())::text as body,
                nullif(current_setting('response.status', true), '') as status,
                nullif(current_setting('response.headers', true), '') as headers`,
      )
      return res.rows[0]
    })
    // A body that sets its own status or headers is left to the ordinary path.
    if (!row?.version || row.body === null || row.status || row.headers) return null
    const body = Buffer.from(row.body)
    // Roles whose bodies are identical (normally all of them) share the compressed forms.
    const twin = [...builds.values()]
      .map((b) => settled.get(b.promise))
      .find((e) => e && e.version === row.version && e.variants.body.equals(body))
    return { version: row.version, variants: twin?.variants ?? { body } }
  }

  function entryFor(
    routine: string,
    role: string,
    context: () => RequestContext,
    version: string,
  ): Promise<Entry | null> {
    const key = `${routine} ${role}`
    const current = builds.get(key)
    if (current && current.version === version) return current.promise
    const next: Build = { version, promise: build(routine, context()) }
    builds.set(key, next)
    next.promise.then(
      (entry) => {
        if (!entry) {
          if (builds.get(key) === next) builds.delete(key)
          return
        }
        settled.set(next.promise, entry)
        // Read at a newer version than asked for: label it with what it really holds.
        next.version = entry.version
        scheduleBest(key, next, entry.variants)
      },
      () => {
        if (builds.get(key) === next) builds.delete(key)
      },
    )
    return next.promise
  }

  function scheduleBest(key: string, owner: Build, variants: Variants) {
    if (variants.bestScheduled) return
    variants.bestScheduled = true
    const timer = setTimeout(() => {
      // Superseded meanwhile (an order changed the stock): not worth seconds of CPU.
      if (builds.get(key) !== owner) {
        variants.bestScheduled = false
        return
      }
      bestQueue = bestQueue
        .then(async () => {
          if (builds.get(key) !== owner) return
          variants.brBest = await brotliAsync(variants.body, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: variants.body.length,
            },
          })
        })
        .catch((error: unknown) => log(`catalogue brotli failed: ${String(error)}`))
    }, bestDelay)
    timer.unref()
  }

  function encoded(variants: Variants, encoding: Encoding | undefined): Promise<Buffer> | Buffer {
    if (encoding === 'gzip') return (variants.gzip ??= gzipAsync(variants.body, { level: 9 }))
    if (encoding === 'br') {
      if (variants.brBest) return variants.brBest
      return (variants.brFast ??= brotliAsync(variants.body, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: variants.body.length,
        },
      }))
    }
    return variants.body
  }

  async function serve(request: CatalogueRequest): Promise<CatalogueAnswer | null> {
    const routine = request.routine
    if (!CATALOGUE_RPCS.has(routine) || request.schema !== 'public') return null
    if (!hasNoArgFunction(request.schemaCache, routine)) return null
    if (!hasNoArgFunction(request.schemaCache, VERSION_FUNCTION)) return null
    // POST: the arguments decide; read a copy so the ordinary path can still read the body.
    let bodyText: string | null = null
    if (request.method === 'POST') {
      if (!request.req.clone) return null
      bodyText = await request.req.clone().text()
    }
    if (!isPlainCall(request, bodyText)) return null

    const { role, context, req, method } = request
    const version = await currentVersion(role, context)
    if (!version) return null

    const common: Record<string, string> = {
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
    }
    // A conditional POST would have to fail with 412 (RFC 9110); POSTs simply get the body.
    if (method !== 'POST' && matches(req.headers.get('if-none-match'), version)) {
      return { status: 304, headers: { ...common, ETag: `"${version}"` }, body: null }
    }

    const entry = await entryFor(routine, role, context, version)
    if (!entry) return null
    const encoding = chooseEncoding(req.headers.get('accept-encoding'))
    const body = await encoded(entry.variants, encoding)
    const headers: Record<string, string> = {
      ...common,
      'Content-Type': JSON_TYPE,
      'Content-Range': '0-0/*',
      ETag: `"${entry.version}"`,
      'Content-Length': String(body.length),
    }
    if (encoding) headers['Content-Encoding'] = encoding
    return { status: 200, headers, body: method === 'HEAD' ? null : body }
  }

  return {
    // Anything unexpected (a failed check or build, a compressor error) goes the ordinary way, which
    // answers, or gives the error its proper shape.
    serve: (request) => serve(request).catch(() => null),
    get size() {
      return builds.size
    },
  }
}
