/**
 * The embedded backend (API only, fresh database) for the chat widget tests, in its own Node process
 * (PGlite cannot start inside jsdom), with the scripted chat-assistant beside the real one. Prints its
 * address and keys as one JSON line.
 */
import { join } from 'node:path'
import { startTestServer } from '../../../../support/server'

const server = await startTestServer({
  functionsDir: join(process.cwd(), 'tests/src/features/chat/support/functions'),
})
process.stdout.write(
  `${JSON.stringify({ url: server.url, anonKey: server.anonKey, serviceRoleKey: server.serviceRoleKey })}\n`,
)
const stop = () => void server.close().finally(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
process.stdin.on('end', stop)
process.stdin.resume()
