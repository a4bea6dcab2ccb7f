/**
 * `Accept: application/vnd.pgrst.plan[+json|+text]; for="…"; options=analyze|verbose|…`: the
 * statement's EXPLAIN instead of its rows, where db-plan-enabled allows it (off on hosted, where the
 * plan media type is passed over as if it were unknown).
 */
import type { LocalDb } from '../db'
import type { ApiRequest } from './api-request'
import { inRequest } from './execute'
import type { Accepted } from './media-type'

/** Bind parameters go as text; the plan's json column comes back as Postgres wrote it. */
const textSerializers = new Proxy(
  {},
  { get: () => (v: unknown) => (typeof v === 'string' ? v : String(v)) },
) as Record<number, (v: unknown) => string>
const JSON_OID = 114

export async function planResponse(
  env: { db: LocalDb; extraSearchPath: string[] },
  api: Pick<ApiRequest, 'req' | 'url' | 'method' | 'auth' | 'schema' | 'prefs'>,
  acc: Accepted,
  sql: string,
  params: (string | null)[],
  readOnly: boolean,
): Promise<Response> {
  const { format, options } = acc.plan!
  const explain = `EXPLAIN (${[`FORMAT ${format.toUpperCase()}`, ...options.map((o) => o.toUpperCase())].join(', ')}) ${sql}`
  const rows = await inRequest(
    env,
    api,
    { readOnly, rollback: api.prefs.tx === 'rollback' },
    async (tx) =>
      (
        await tx.query<Record<string, unknown>>(explain, params, {
          serializers: textSerializers,
          parsers: { [JSON_OID]: (v: string) => v },
        })
      ).rows,
  )
  // One line per row of EXPLAIN's output, each ended by a newline.
  const body = rows.map((r) => `${String(Object.values(r)[0])}\n`).join('')
  return new Response(api.method === 'HEAD' ? null : body, {
    status: 200,
    headers: { 'Content-Type': `${acc.mime}; charset=utf-8` },
  })
}
