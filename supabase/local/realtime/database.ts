/**
 * What the Realtime server needs from the database, behind one small interface so it runs the same on
 * the embedded PGlite and on a PostgreSQL server:
 * - `withRequest`: a transaction under a role and JWT claims (the REST layer's own), for RLS checks;
 * - `query`: the server's own privileged statements (installing its machinery, reading the feed);
 * - `listen`: committed notifications on a channel (PGlite's listener, or LISTEN on a dedicated
 *   PostgreSQL connection).
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { LocalDb } from '../db'

export interface RealtimeDatabase {
  withRequest: LocalDb['withRequest']
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>
  /** Runs a script of several statements, privileged. */
  exec(sql: string): Promise<void>
  /** Calls `onNotify` with each payload sent on `channel` by a committed transaction. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>
}

/** The channel the capture triggers announce on. */
export const CHANGE_CHANNEL = 'realtime_local'

const captureSql = readFileSync(fileURLToPath(new URL('./capture.sql', import.meta.url)), 'utf8')

/** The server's own database, either engine: its owner session runs the machinery and listens. */
export function realtimeDatabase(db: LocalDb): RealtimeDatabase {
  return {
    withRequest: db.withRequest,
    query: async <T>(sql: string, params: unknown[] = []) => {
      const res = await db.pg.query<T>(sql, params)
      return { rows: res.rows }
    },
    exec: async (sql) => {
      await db.pg.exec(sql)
    },
    listen: async (channel, onNotify) => {
      const stop = await db.pg.listen(channel, onNotify)
      return async () => {
        if (!db.pg.closed) await stop()
      }
    },
  }
}

/** A published table whose changes cannot be captured, and why. */
export interface CaptureFailure {
  table: string
  reason: string
}

/** Puts the capture trigger on every published table that lacks it; returns the tables that refused. */
export async function syncCapture(database: RealtimeDatabase): Promise<CaptureFailure[]> {
  const { rows } = await database.query<{ failed_table: string; reason: string }>(
    'select failed_table, reason from realtime.local_sync_capture()',
  )
  return rows.map((r) => ({ table: r.failed_table, reason: r.reason }))
}

/** Installs (or refreshes) the capture machinery and the triggers on every published table. */
export async function installCapture(database: RealtimeDatabase): Promise<CaptureFailure[]> {
  await database.exec(captureSql)
  return syncCapture(database)
}
