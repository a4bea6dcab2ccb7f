/**
 * The part of the Deno runtime that edge functions use, for type-checking them with the project's tsc.
 * Hosted they run on Deno; locally on Node through the shim in supabase/local/functions-runner.ts.
 */
declare namespace Deno {
  interface Env {
    get(key: string): string | undefined
    set(key: string, value: string): void
    has(key: string): boolean
    delete(key: string): void
    toObject(): Record<string, string>
  }

  interface ServeHandlerInfo {
    remoteAddr?: { transport: string; hostname: string; port: number }
  }

  type ServeHandler = (request: Request, info?: ServeHandlerInfo) => Response | Promise<Response>

  interface ServeOptions {
    port?: number
    hostname?: string
    signal?: AbortSignal
    onListen?: (params: { hostname: string; port: number }) => void
    onError?: (error: unknown) => Response | Promise<Response>
  }

  interface HttpServer {
    readonly finished: Promise<void>
    shutdown(): Promise<void>
    ref(): void
    unref(): void
  }

  const env: Env

  function serve(handler: ServeHandler): HttpServer
  function serve(options: ServeOptions, handler: ServeHandler): HttpServer
  function serve(options: ServeOptions & { handler: ServeHandler }): HttpServer
}
