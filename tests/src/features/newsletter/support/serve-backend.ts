/**
 * Runs the embedded backend (API only, fresh database) in its own Node process and prints its address
 * and keys as one JSON line. The web tests use it because PGlite cannot start inside jsdom.
 */
import { startTestServer } from '../../../../support/server'

const server = await startTestServer()
process.stdout.write(
  `${JSON.stringify({ url: server.url, anonKey: server.anonKey, serviceRoleKey: server.serviceRoleKey })}\n`,
)
const stop = () => void server.close().finally(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
process.stdin.on('end', stop)
process.stdin.resume()
