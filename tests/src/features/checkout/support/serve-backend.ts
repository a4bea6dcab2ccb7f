/**
 * Runs the embedded backend (API and edge functions, fresh database) in its own Node process and prints
 * its address and keys as one JSON line, for the checkout's jsdom tests.
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
