import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createAuthService, type AuthService } from './auth/handler'
import { createPasswordHasher } from './auth/passwords'
import { authSettingsFromEnv, defaultAuthSettings, type AuthSettings } from './auth/settings'
import { adoptPrebuiltCatalogueVersion } from './build-catalogue-version'
import { clientAddress, forwardClientAddress, parseTrustedProxies } from './client-address'
import { openDatabase, type LocalDb, type OpenDatabaseOptions } from './db'
import { createDevInbox, handleDevRequest, type DevInbox } from './dev-inbox'
import { createFunctionsRunner } from './functions-runner'
import {
  API_PREFIXES,
  apiKeyRefusal,
  corsHeaders,
  json,
  OPEN_AUTH_ROUTES,
  preflightHeaders,
  sendFetchResponse,
  toFetchRequest,
} from './gateway-http'
import { compressApiResponse } from './http-compression'
import { createJwtTools, type JwtTools, type VerifyJwt } from './jwt'
import { demoSecretWarning, loadKeys, type LocalKeys } from './keys'
import { startLocalMailer, type LocalMailer } from './mailer'
import { retryDueRefundsJob, startLocalScheduler, type LocalScheduler } from './scheduler'
import { readApiConfig } from './rest/api-config'
import { nodeRequestView } from './rest/catalogue-cache'
import { createRestHandler } from './rest/index'
import type { Limits } from './realtime/channels'
import { createRealtimeServer, realtimeDatabase, type RealtimeServer } from './realtime/server'
import { localStaffCodes, seedStaff } from './staff-seed'
import { createStaticHandler } from './static'
import { openBlobStore } from './storage/blobs'
import { createStorageHandler } from './storage/handler'

/**
 * The embedded Supabase-compatible server: one Node HTTP server that plays Kong (API keys, CORS), GoTrue
 * (`/auth/v1`), PostgREST (`/rest/v1`), Storage (`/storage/v1`), the edge runtime (`/functions/v1`), a
 * dev inbox (`/__dev`) and a static host for the built app (everything else). supabase-js cannot tell it
 * from a hosted project.
 */
export interface LocalServerOptions {
  /** Database directory; undefined keeps the database in memory. Ignored when `db` is given. */
  dataDir?: string
  /** An already opened database (tests reuse a template). Closed with the server unless `keepDb`. */
  db?: LocalDb
  keepDb?: boolean
  /** Extra options for `openDatabase` (migrations, seed, snapshot). */
  database?: Omit<OpenDatabaseOptions, 'dataDir'>
  /** 0 picks a free port. Default 54321. */
  port?: number
  host?: string
  /** Built app to serve; null serves nothing but the APIs. Default `dist/`. */
  distDir?: string | null
  functionsDir?: string
  configFile?: string
  keys?: Partial<LocalKeys>
  /** Proxies whose X-Forwarded-For is believed (comma list); default `TRUSTED_PROXIES`, else none. */
  trustedProxies?: string
  /** Auth settings on top of the environment's and the defaults. */
  auth?: Partial<AuthSettings>
  env?: NodeJS.ProcessEnv
  /** Create the local staff accounts (default true). */
  seedStaff?: boolean
  /**
   * Take the prebuilt pages' catalogue version while the catalogue is the one `distDir` was built from
   * (an embedded database; see build-catalogue-version.ts). Done before the server answers. Default false.
   */
  adoptPrebuiltCatalogue?: boolean
  /** bcrypt cost (default 10, as GoTrue). */
  bcryptCost?: number
  /**
   * Where Storage keeps object bytes. Default `<dataDir>/storage`; without a data directory, a
   * temporary directory removed on close.
   */
  storageDir?: string
  /** Storage's project-wide upload limit in bytes (default 50 MB, as hosted). */
  storageFileSizeLimit?: number
  /** Realtime's connection, join and message limits on top of the defaults. */
  realtimeLimits?: Partial<Limits>
  log?: (message: string) => void
}

export interface Clock {
  now(): number
  /** Moves server time forward (tests of expiry and rate-limit windows). */
  advance(ms: number): void
}

export interface LocalServer {
  url: string
  port: number
  host: string
  http: Server
  db: LocalDb
  keys: LocalKeys
  jwt: JwtTools
  /** Bound to this server's secret and clock; what the REST layer uses. */
  verifyJwt: VerifyJwt
  inbox: DevInbox
  /** Delivers the emails the database queues (welcome codes, order news) to the dev inbox. */
  mailer: LocalMailer
  /** Runs the scheduled jobs each minute (releasing unpaid orders, retrying pending refunds). */
  scheduler: LocalScheduler
  auth: AuthService
  realtime: RealtimeServer
  /** Live auth settings: changes apply to the next request. */
  authSettings: AuthSettings
  clock: Clock
  /** Where Storage keeps object bytes. */
  storageDir: string
  close(): Promise<void>
}

const projectRoot = fileURLToPath(new URL('../..', import.meta.url))

export async function createLocalServer(options: LocalServerOptions = {}): Promise<LocalServer> {
  const env = options.env ?? process.env
  const log = options.log ?? ((m: string) => console.info(m))
  const host = options.host ?? '127.0.0.1'
  const keys = { ...loadKeys(env), ...options.keys }
  const trustedProxies = parseTrustedProxies(options.trustedProxies ?? env.TRUSTED_PROXIES)
  const secretWarning = demoSecretWarning(keys)
  if (secretWarning) log(secretWarning)
  let offset = 0
  const clock: Clock = {
    now: () => Date.now() + offset,
    advance: (ms) => {
      offset += ms
    },
  }
  const jwt = createJwtTools(keys.jwtSecret, clock.now)
  const verifyJwt = jwt.verify
  const inbox = createDevInbox({ now: clock.now, log })
  const hasher = createPasswordHasher({
    cost: options.bcryptCost ?? (env.AUTH_BCRYPT_COST ? Number(env.AUTH_BCRYPT_COST) : 10),
  })

  const db =
    options.db ??
    (await openDatabase({
      ...options.database,
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      log,
    }))

  // Origins are known only once the port is; settings are completed after listen().
  const authSettings: AuthSettings = {
    ...defaultAuthSettings('http://127.0.0.1'),
    ...authSettingsFromEnv(env),
    ...options.auth,
  }
  const auth = createAuthService({ db, jwt, inbox, hasher, settings: authSettings, now: clock.now })
  await auth.ensureSchema()
  if (options.seedStaff !== false) await seedStaff(db, auth, log)

  // The publishable and secret keys (not JWTs) act as anon and service_role, as on hosted.
  const opaqueKeys = { [keys.publishableKey]: 'anon', [keys.secretKey]: 'service_role' } as const
  const configFile = options.configFile ?? join(projectRoot, 'supabase/config.toml')
  // config.toml's [api] schemas, extra_search_path and max_rows, as the Supabase CLI reads them.
  const api = readApiConfig(existsSync(configFile) ? readFileSync(configFile, 'utf8') : null, env)
  const rest = createRestHandler({ db, verifyJwt, opaqueKeys, ...api })
  const realtime = await createRealtimeServer({
    database: realtimeDatabase(db),
    verifyJwt,
    apiKeys: new Set([keys.anonKey, keys.serviceRoleKey, keys.publishableKey]),
    now: clock.now,
    log,
    limits: options.realtimeLimits,
  })
  const mailer = startLocalMailer(db, inbox, log)
  const scheduler = startLocalScheduler(db, log, [
    retryDueRefundsJob({
      handle: (req) => functions.handle(req),
      origin: () => origin,
      serviceRoleKey: keys.serviceRoleKey,
      log,
    }),
  ])
  const temporaryStorage =
    options.storageDir || options.dataDir ? null : mkdtempSync(join(tmpdir(), 'luxe-storage-'))
  const storageDir =
    options.storageDir ?? (options.dataDir ? join(options.dataDir, 'storage') : temporaryStorage!)
  const storage = createStorageHandler({
    db,
    jwt,
    now: clock.now,
    blobs: await openBlobStore(storageDir),
    fileSizeLimit: options.storageFileSizeLimit ?? 50 * 1024 * 1024,
  })
  let origin = ''
  const functions = createFunctionsRunner({
    functionsDir: options.functionsDir ?? join(projectRoot, 'supabase/functions'),
    configFile,
    verifyJwt,
    env: () => ({
      SUPABASE_URL: origin,
      SUPABASE_ANON_KEY: keys.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: keys.serviceRoleKey,
      SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: keys.publishableKey }),
      SUPABASE_SECRET_KEYS: JSON.stringify({ default: keys.secretKey }),
      ...(env === process.env ? {} : env),
    }),
  })
  const distDir = options.distDir === undefined ? join(projectRoot, 'dist') : options.distDir
  if (options.adoptPrebuiltCatalogue && distDir)
    await adoptPrebuiltCatalogueVersion(db, distDir, log)
  const serveStatic = distDir ? createStaticHandler({ root: distDir }) : undefined
  const knownKeys = new Set([
    keys.anonKey,
    keys.serviceRoleKey,
    keys.publishableKey,
    keys.secretKey,
  ])

  async function handleApi(req: IncomingMessage, res: ServerResponse, prefix: string) {
    const url = new URL(req.url ?? '/', origin)
    const isFunctions = prefix === '/functions/v1'
    if (req.method === 'OPTIONS' && !isFunctions) {
      res.writeHead(204, preflightHeaders(req)).end()
      return
    }
    const cors = isFunctions ? {} : corsHeaders()
    const head = req.method === 'HEAD'
    const send = (response: Response) => sendFetchResponse(res, response, cors, head)

    // Storage checks its own tokens; public and signed URLs open in an <img> with no headers at all.
    const isStorage = prefix === '/storage/v1'
    if (
      !isFunctions &&
      !isStorage &&
      !(req.method === 'GET' && OPEN_AUTH_ROUTES.has(url.pathname))
    ) {
      const refusal = apiKeyRefusal(req.headers.apikey ?? url.searchParams.get('apikey'), knownKeys)
      if (refusal) return send(refusal)
    }

    // The catalogue, read by every visit, straight from its cache without building fetch objects.
    if (prefix === '/rest/v1' && (req.method === 'GET' || req.method === 'HEAD')) {
      const answer = await rest.catalogue(nodeRequestView(req.headers), url, req.method)
      if (answer) {
        res.writeHead(answer.status, { ...answer.headers, ...cors })
        res.end(head ? undefined : (answer.body ?? undefined))
        return
      }
    }

    // Storage reads upload bodies itself, against each bucket's own limit.
    if (isStorage) return storage.handle(req, res, url, cors)

    const request = await toFetchRequest(req, res, origin)
    // As the hosted gateway does: JSON answers over a kilobyte leave gzipped.
    const compressed = (response: Response) =>
      compressApiResponse(response, req.headers['accept-encoding'], req.method ?? 'GET')
    // Who is calling, for every limit per address: a forwarded header counts only from a trusted proxy.
    const ip = clientAddress(
      req.socket.remoteAddress,
      req.headers['x-forwarded-for'],
      trustedProxies,
    )
    if (prefix === '/auth/v1') {
      const userAgent = req.headers['user-agent'] ?? null
      return send(await compressed(await auth.handle(request, { ip, userAgent })))
    }
    if (prefix === '/rest/v1') {
      forwardClientAddress(request.headers, ip)
      return send(await compressed(await rest(request)))
    }
    if (isFunctions) return send(await functions.handle(request))
    if (prefix === '/realtime/v1') return send(await realtime.handleHttp(request))
    return send(json(404, { message: 'no Route matched with those values' }))
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? '/').split('?')[0] ?? '/'
    const prefix = API_PREFIXES.find((p) => path === p || path.startsWith(`${p}/`))
    if (prefix) return handleApi(req, res, prefix)
    if (path === '/__dev' || path.startsWith('/__dev/')) {
      const staffCodes =
        options.seedStaff !== false && (path === '/__dev/inbox' || path.endsWith('.json'))
          ? await localStaffCodes(db, clock.now())
          : []
      const response =
        handleDevRequest(
          inbox,
          new URL(req.url ?? '/', origin),
          req.method ?? 'GET',
          req.socket.remoteAddress,
          staffCodes,
        ) ?? new Response('Not Found', { status: 404 })
      return sendFetchResponse(res, response, {}, req.method === 'HEAD')
    }
    if (serveStatic) return serveStatic(req, res)
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not Found')
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const status = (error as { status?: number }).status ?? 500
      if (status >= 500) console.error('[server] request failed:', error)
      if (!res.headersSent) {
        // The unread rest of a refused body would sit in front of the next request on this
        // connection: discard it and close the connection once the answer is out.
        const close = status === 413 ? { connection: 'close' } : {}
        if (status === 413) req.resume()
        res.writeHead(status, { 'content-type': 'application/json', ...corsHeaders(), ...close })
        res.end(
          JSON.stringify({
            message: status === 413 ? 'Payload Too Large' : 'Internal Server Error',
          }),
        )
      } else {
        res.destroy()
      }
    })
  })
  server.keepAliveTimeout = 65_000
  server.on('upgrade', (req, socket, head) => {
    const ip = clientAddress(
      req.socket.remoteAddress,
      req.headers['x-forwarded-for'],
      trustedProxies,
    )
    if (!realtime.handleUpgrade(req, socket, head, ip)) socket.destroy()
  })

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(options.port ?? 54321, host, () => {
        server.off('error', reject)
        resolve()
      })
    })
  } catch (error) {
    await realtime.close()
    await hasher.close()
    await mailer.stop()
    await scheduler.stop()
    if (!options.db || !options.keepDb) await db.close()
    throw error
  }
  const port = (server.address() as AddressInfo).port
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host
  origin = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`
  if (!options.auth?.externalUrl && !env.API_EXTERNAL_URL) authSettings.externalUrl = origin
  if (!options.auth?.siteUrl && !env.SITE_URL) authSettings.siteUrl = origin

  // Compress the app shell before the first visit asks for it.
  serveStatic?.warm().catch((error: unknown) => log(`static warm-up failed: ${String(error)}`))

  let closing: Promise<void> | undefined
  const close = () =>
    (closing ??= (async () => {
      await realtime.close()
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeIdleConnections()
        // Requests still running get a moment to finish; then connections are cut.
        setTimeout(() => server.closeAllConnections(), 2000).unref()
      })
      await hasher.close()
      await mailer.stop()
      await scheduler.stop()
      if (!options.db || !options.keepDb) await db.close()
      if (temporaryStorage) rmSync(temporaryStorage, { recursive: true, force: true })
    })())

  return {
    url: origin,
    port,
    host,
    http: server,
    db,
    keys,
    jwt,
    verifyJwt,
    inbox,
    mailer,
    scheduler,
    auth,
    realtime,
    authSettings,
    clock,
    storageDir,
    close,
  }
}
