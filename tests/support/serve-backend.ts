/**
 * The embedded backend (API and edge functions, fresh database) as a process of its own, started by
 * `backend-process.ts`; prints its address and keys as one JSON line and stops on SIGTERM, SIGINT or
 * when its parent goes (stdin closes).
 *
 *   node_modules/.bin/tsx tests/support/serve-backend.ts [functions directory]
 */
import { startTestServer } from './server'

const [functionsDir] = process.argv.slice(2)
const server = await startTestServer(functionsDir ? { functionsDir } : {})
process.stdout.write(
  `${JSON.stringify({ url: server.url, anonKey: server.anonKey, serviceRoleKey: server.serviceRoleKey })}\n`,
)
const stop = () => void server.close().finally(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
process.stdin.on('end', stop)
process.stdin.resume()
