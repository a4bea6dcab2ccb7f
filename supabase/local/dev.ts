/**
 * `npm run dev`: the embedded backend on 127.0.0.1:54321 (or BACKEND_PORT) and the Vite dev server with
 * hot reload, whose proxy (vite.config.ts) forwards /auth/v1, /rest/v1, /functions/v1 and /__dev to it.
 */
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createServer } from 'vite'
import { chooseDatabase } from './database-choice'
import { DatabaseSetupError } from './db'
import { createLocalServer } from './gateway'
import { LOCAL_STAFF, LOCAL_STAFF_PASSWORD } from './staff-seed'

const root = fileURLToPath(new URL('../..', import.meta.url))

async function main() {
  const backendPort = Number(process.env.BACKEND_PORT ?? 54321)
  const database = chooseDatabase(process.env, root)
  console.info(`Opening the database in ${database.where}…`)
  const log = (m: string) => console.info(`  ${m}`)
  const backend = await database
    .open(log)
    .then((where) =>
      createLocalServer({
        ...where,
        // Known-password staff accounts belong to a local database only.
        seedStaff: !database.onPostgres,
        port: backendPort,
        host: '127.0.0.1',
        distDir: null,
        log,
      }),
    )
    .catch((error: unknown) => {
      if ((error as { code?: string }).code === 'EADDRINUSE') {
        console.error(
          `Port ${backendPort} is already in use (another backend?). Stop it, or pick another: BACKEND_PORT=${backendPort + 1} npm run dev`,
        )
        process.exit(1)
      }
      if (error instanceof DatabaseSetupError) {
        console.error(error.message)
        process.exit(1)
      }
      throw error
    })

  // vite.config.ts reads BACKEND_URL when it loads.
  process.env.BACKEND_URL ??= backend.url
  const vite = await createServer({ root, configFile: resolve(root, 'vite.config.ts') })
  await vite.listen()
  const appUrl = vite.resolvedUrls?.local[0]?.replace(/\/+$/, '') ?? 'http://127.0.0.1:5173'
  // Email links land on the dev server, not on the bare backend.
  if (!process.env.SITE_URL) backend.authSettings.siteUrl = appUrl

  console.info(`
App (Vite, hot reload):  ${appUrl}
Backend:                 ${backend.url}
Dev inbox:               ${appUrl}/__dev/inbox
Anon key (public):       ${backend.keys.anonKey}
Local staff accounts (password "${LOCAL_STAFF_PASSWORD}"):
${LOCAL_STAFF.map((s) => `  ${s.email.padEnd(24)} ${s.role}`).join('\n')}
`)

  let stopping = false
  const stop = () => {
    if (stopping) process.exit(1)
    stopping = true
    Promise.allSettled([vite.close(), backend.close()]).then(() => process.exit(0))
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
