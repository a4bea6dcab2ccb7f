/**
 * The embedded server on a given build directory, without `npm start`'s build check: browser tests that
 * stop and restart the server, or serve a second build, must not have the app rebuilt under them. The
 * database is chosen as `npm start` chooses it (PGlite in DATA_DIR, or the PostgreSQL at DATABASE_URL).
 *
 *   DIST_DIR=… DATA_DIR=… PORT=… [DATABASE_URL=…] node_modules/.bin/tsx e2e/support/serve-dist.ts
 */
import { resolve } from 'node:path'
import { chooseDatabase } from '../../supabase/local/database-choice'
import { createLocalServer } from '../../supabase/local/gateway'

const distDir = process.env.DIST_DIR
const dataDir = process.env.DATA_DIR
const port = Number(process.env.PORT)
if (!distDir || !dataDir || !Number.isInteger(port)) {
  console.error('DIST_DIR, DATA_DIR and PORT are required')
  process.exit(2)
}

const log = (message: string) => console.info(message)
const database = chooseDatabase(process.env, resolve(import.meta.dirname, '../..'))
const server = await createLocalServer({
  ...(await database.open(log)),
  distDir,
  port,
  host: '127.0.0.1',
  log,
  // As `npm start`: known-password staff and the prebuilt pages' catalogue version belong to a local
  // database only.
  seedStaff: !database.onPostgres,
  adoptPrebuiltCatalogue: !database.onPostgres,
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
