import { AsyncLocalStorage } from 'node:async_hooks'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import WebSocket from 'ws'
import type { VerifyJwt } from './jwt'

/**
 * Runs `supabase/functions/<name>/index.ts` in this Node process, the way the hosted edge runtime runs
 * them: the module calls `Deno.serve(handler)`, and each `/functions/v1/<name>` request is handed to that
 * handler as a Fetch `Request`; its `Response` goes back unchanged (no CORS added: functions answer their
 * own preflights, as on hosted). A small `Deno` shim provides `serve` and a per-function `env`.
 *
 * Imports must resolve in Node (bare package names from node_modules, relative paths, `@shared/…` is not
 * available at run time): no `npm:`/`jsr:`/URL specifiers.
 */
export interface FunctionsRunnerOptions {
  functionsDir: string
  /** `supabase/config.toml`, read for `[functions.<name>] verify_jwt`. */
  configFile?: string
  verifyJwt: VerifyJwt
  /** Environment handed to functions (`Deno.env`), called per request (it holds the server's URL). */
  env: () => Record<string, string | undefined>
}

export interface FunctionsRunner {
  /** `req.url` is the full URL with the `/functions/v1/<name>` prefix. */
  handle(req: Request): Promise<Response>
}

type Handler = (req: Request, info?: unknown) => Response | Promise<Response>

interface FunctionContext {
  env: Record<string, string | undefined>
  handler?: Handler
}

const context = new AsyncLocalStorage<FunctionContext>()

// supabase-js (used by functions to call back into the API) needs a WebSocket global on Node 20.
if (!('WebSocket' in globalThis)) {
  Object.assign(globalThis, { WebSocket })
}

function installDenoShim() {
  if ((globalThis as { Deno?: unknown }).Deno) return
  const currentEnv = () => context.getStore()?.env ?? process.env
  const shim = {
    env: {
      get: (name: string) => currentEnv()[name],
      set: (name: string, value: string) => {
        currentEnv()[name] = value
      },
      has: (name: string) => currentEnv()[name] !== undefined,
      delete: (name: string) => {
        delete currentEnv()[name]
      },
      toObject: () =>
        Object.fromEntries(
          Object.entries(currentEnv()).filter((e): e is [string, string] => e[1] !== undefined),
        ),
    },
    serve(first: unknown, second?: unknown) {
      const handler = (
        typeof first === 'function' ? first : (second ?? (first as { handler?: unknown }).handler)
      ) as Handler | undefined
      const store = context.getStore()
      if (!store) throw new Error('Deno.serve was called outside of a function module load')
      if (typeof handler !== 'function') throw new TypeError('Deno.serve needs a handler function')
      store.handler = handler
      return {
        finished: new Promise<void>(() => {}),
        shutdown: async () => {},
        addr: { transport: 'tcp', hostname: '127.0.0.1', port: 0 },
        ref() {},
        unref() {},
      }
    },
    version: { deno: 'local-node-shim', v8: process.versions.v8, typescript: '' },
  }
  Object.assign(globalThis, { Deno: shim })
}

/** `[functions.<name>] verify_jwt = false` from config.toml (a tiny TOML subset: sections and booleans). */
export function readVerifyJwt(configText: string): Map<string, boolean> {
  const result = new Map<string, boolean>()
  let section: string | undefined
  for (const raw of configText.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim()
    if (!line) continue
    const header = /^\[\s*functions\.("?)([A-Za-z0-9_-]+)\1\s*\]$/.exec(line)
    if (header) {
      section = header[2]
      continue
    }
    if (line.startsWith('[')) {
      section = undefined
      continue
    }
    const entry = /^verify_jwt\s*=\s*(true|false)$/.exec(line)
    if (section && entry) result.set(section, entry[1] === 'true')
  }
  return result
}

interface Loaded {
  handler: Handler
  env: Record<string, string | undefined>
  mtimeMs: number
}

const relayError = (status: number, code: string, message: string) =>
  Response.json({ code, message }, { status, headers: { 'x-relay-error': 'true' } })

/** Numbers the runners of this process: each imports its functions afresh (see `load`). */
let runners = 0

export function createFunctionsRunner(options: FunctionsRunnerOptions): FunctionsRunner {
  installDenoShim()
  const runner = ++runners
  const loaded = new Map<string, Loaded>()
  let config: { mtimeMs: number; verify: Map<string, boolean> } | undefined

  const verifySetting = (name: string): boolean => {
    const file = options.configFile
    if (!file || !existsSync(file)) return true
    const mtimeMs = statSync(file).mtimeMs
    if (!config || config.mtimeMs !== mtimeMs) {
      config = { mtimeMs, verify: readVerifyJwt(readFileSync(file, 'utf8')) }
    }
    return config.verify.get(name) ?? true
  }

  // Concurrent first requests share one load: a module is evaluated (and calls Deno.serve) only once.
  const loading = new Map<string, Promise<Loaded>>()

  // A module is loaded once and again when its index.ts changes (edits during `npm run dev`).
  const load = (name: string, file: string): Promise<Loaded> => {
    const mtimeMs = statSync(file).mtimeMs
    const cached = loaded.get(name)
    if (cached && cached.mtimeMs === mtimeMs) return Promise.resolve(cached)
    const key = `${name}@${mtimeMs}`
    const pending = loading.get(key)
    if (pending) return pending
    const started = (async () => {
      const env = { ...process.env, ...options.env() }
      const store: FunctionContext = { env }
      // The module system keeps a module once imported: a second runner in the same process (two
      // servers, or test files sharing a worker) would get the first one's module, which does not call
      // Deno.serve again. The runner's number and the file's time make each load a module of its own
      // (whole numbers: Vite reads a query ending in `.digits` as the file's extension).
      const href = `${pathToFileURL(file).href}?runner=${runner}&v=${Math.trunc(mtimeMs * 1000)}`
      await context.run(store, () => import(/* @vite-ignore */ href))
      if (!store.handler) throw new Error(`${name}/index.ts did not call Deno.serve(handler)`)
      const entry = { handler: store.handler, env, mtimeMs }
      loaded.set(name, entry)
      return entry
    })().finally(() => loading.delete(key))
    loading.set(key, started)
    return started
  }

  return {
    async handle(req) {
      const url = new URL(req.url)
      const rest = url.pathname.replace(/^\/functions\/v1\/?/, '')
      const name = rest.split('/')[0] ?? ''
      const file = join(options.functionsDir, name, 'index.ts')
      if (!/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(name) || !existsSync(file)) {
        return relayError(404, 'NOT_FOUND', 'Requested function was not found')
      }
      // Preflights carry no credentials; hosted lets them through to the function.
      if (req.method !== 'OPTIONS' && verifySetting(name)) {
        const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '')
        if (!match?.[1]) {
          return Response.json(
            { code: 401, message: 'Missing authorization header' },
            { status: 401 },
          )
        }
        try {
          await options.verifyJwt(match[1])
        } catch {
          return Response.json({ code: 401, message: 'Invalid JWT' }, { status: 401 })
        }
      }
      let fn: Loaded
      try {
        fn = await load(name, file)
      } catch (error) {
        console.error(`[functions] ${name} failed to start:`, error)
        return relayError(503, 'BOOT_ERROR', 'Function failed to start (please check logs)')
      }
      // Inside the function the path starts at its name, as in the edge runtime.
      const inner = new URL(`/${rest}${url.search}`, url.origin)
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
      const forwarded = new Request(inner, {
        method: req.method,
        headers: req.headers,
        body: hasBody ? req.body : null,
        signal: req.signal,
        ...(hasBody ? { duplex: 'half' } : {}),
      } as RequestInit)
      try {
        fn.env = { ...process.env, ...options.env() }
        const response = await context.run({ env: fn.env, handler: fn.handler }, () =>
          fn.handler(forwarded),
        )
        if (!(response instanceof Response))
          throw new TypeError('handler did not return a Response')
        return response
      } catch (error) {
        console.error(`[functions] ${name} threw:`, error)
        return relayError(
          500,
          'WORKER_ERROR',
          'Function exited due to an error (please check logs)',
        )
      }
    },
  }
}
