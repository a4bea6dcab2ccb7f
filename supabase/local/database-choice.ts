/**
 * Which database `npm start` and `npm run dev` run on: PGlite in `DATA_DIR` (default), or the
 * PostgreSQL at `DATABASE_URL` (the owner's login; API requests use `DATABASE_API_URL`, by default the
 * same) when it is set. Both behind the same `LocalDb`, so nothing else in the server changes.
 */
import { resolve } from 'node:path'
import { isEmptyDir } from './db-bootstrap-cache'
import type { LocalServerOptions } from './gateway'
import { openPostgresDatabase } from './postgres-db'

export interface DatabaseChoice {
  /** Where the data lives, for the start-up message (a URL without its password). */
  where: string
  onPostgres: boolean
  /** An embedded database this start makes (its data directory is missing or empty), seeded today. */
  newEmbedded: boolean
  /** What to hand createLocalServer: an opened database or the PGlite data directory. */
  open(log: (m: string) => void): Promise<Pick<LocalServerOptions, 'db' | 'dataDir'>>
}

/** A connection string fit to print: the password replaced. */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return '(unreadable DATABASE_URL)'
  }
}

export function chooseDatabase(env: NodeJS.ProcessEnv, root: string): DatabaseChoice {
  const url = env.DATABASE_URL?.trim()
  if (url) {
    const apiUrl = env.DATABASE_API_URL?.trim() || url
    return {
      where: `PostgreSQL at ${withoutPassword(url)}`,
      onPostgres: true,
      newEmbedded: false,
      open: async (log) => ({
        db: await openPostgresDatabase({
          url,
          apiUrl,
          poolSize: env.DATABASE_POOL_SIZE ? Number(env.DATABASE_POOL_SIZE) : undefined,
          log,
        }),
      }),
    }
  }
  const dataDir = resolve(root, env.DATA_DIR || '.data')
  return {
    where: dataDir,
    onPostgres: false,
    newEmbedded: isEmptyDir(dataDir),
    open: async () => ({ dataDir }),
  }
}
