/**
 * The embedded server on a given build directory, without `npm start`'s build check: browser tests that
 * stop and restart the server, or serve a second build, must not have the app rebuilt under them.
 *
 *   DIST_DIR=… DATA_DIR=… PORT=… node_modules/.bin/tsx e2e/support/serve-dist.ts
 */
import { createLocalServer } from '../../supabase/local/gateway'

const distDir = process.env.DIST_DIR
const dataDir = process.env.DATA_DIR
const port = Number(process.env.PORT)
if (!distDir || !dataDir || !Number.isInteger(port)) {
  console.error('DIST_DIR, DATA_DIR and PORT are required')
  process.exit(2)
}

const server = await createLocalServer({
  dataDir,
  distDir,
  port,
  host: '127.0.0.1',
  log: (message) => console.info(message),
  // As `npm start`: the prebuilt pages' catalogue version is the server's until its first change.
  adoptPrebuiltCatalogue: true,
})
console.info(`ready ${server.url}`)

let stopping = false
const stop = () => {
  if (stopping) return
  stopping = true
  server.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error)
      process.exit(1)
    },
  )
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
