/**
 * Private channels are authorised by RLS policies on `realtime.messages`, as on hosted: with
 * `realtime.topic()` set to the channel's topic and the caller's role and claims in force, a row the
 * caller may select means read access (per extension: broadcast, presence), a row it may insert means
 * write access. Nothing written here is kept: the transaction is rolled back.
 */
import type { RealtimeDatabase } from './database'
import type { Viewer } from './postgres-changes'

export interface ChannelPolicies {
  broadcast: { read: boolean; write: boolean }
  presence: { read: boolean; write: boolean }
}

const EXTENSIONS = ['broadcast', 'presence'] as const

export async function channelPolicies(
  db: RealtimeDatabase,
  topic: string,
  viewer: Viewer,
): Promise<ChannelPolicies> {
  const policies: ChannelPolicies = {
    broadcast: { read: false, write: false },
    presence: { read: false, write: false },
  }
  await db.withRequest(
    { role: viewer.role, claims: viewer.claims, method: 'POST', path: '/realtime/v1', headers: {} },
    { rollback: true },
    async (tx) => {
      await tx.query(`select set_config('realtime.topic', $1, true)`, [topic])
      const staged = await tx.query<{ id: string }>(`select realtime.local_stage_check($1) as id`, [
        topic,
      ])
      const ids = staged.rows.map((r) => r.id)
      try {
        const read = await tx.query<{ extension: string }>(
          `select extension from realtime.messages where topic = $1 and id = any($2::uuid[])`,
          [topic, ids],
        )
        for (const r of read.rows) {
          if (r.extension === 'broadcast') policies.broadcast.read = true
          if (r.extension === 'presence') policies.presence.read = true
        }
      } catch (error) {
        if ((error as { code?: string }).code !== '42501') throw error
      }
      for (const extension of EXTENSIONS) {
        await tx.query('savepoint realtime_write_check')
        try {
          await tx.query(
            `insert into realtime.messages (topic, extension, event, payload, private)
             values ($1, $2, 'realtime-check', '{}', true)`,
            [topic, extension],
          )
          policies[extension].write = true
          await tx.query('release savepoint realtime_write_check')
        } catch {
          await tx.query('rollback to savepoint realtime_write_check')
        }
      }
    },
  )
  return policies
}
