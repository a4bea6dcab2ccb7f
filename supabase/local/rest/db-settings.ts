/**
 * PostgREST's in-database configuration, for the switches hosted Supabase lets a project flip:
 * `alter role authenticator set pgrst.db_aggregates_enabled = 'true'` (or `pgrst.db_plan_enabled`),
 * then `notify pgrst, 'reload config'`. A setting for the role in this database wins over one for the
 * role in every database, and both win over the server's own settings (environment, config.toml).
 */
import type { LocalDb } from '../db'

export interface DbSwitches {
  aggregatesEnabled?: boolean
  planEnabled?: boolean
}

const SETTINGS_SQL = `
  WITH role_setting AS (
    SELECT setdatabase AS database, unnest(setconfig) AS setting
    FROM pg_catalog.pg_db_role_setting
    WHERE setrole = (SELECT oid FROM pg_catalog.pg_roles WHERE rolname = 'authenticator')
      AND setdatabase IN (0, (SELECT oid FROM pg_catalog.pg_database WHERE datname = current_catalog))
  ),
  kv_settings AS (
    SELECT database,
      substr(setting, 1, strpos(setting, '=') - 1) AS k,
      substr(setting, strpos(setting, '=') + 1) AS v
    FROM role_setting
  )
  SELECT DISTINCT ON (key) replace(k, 'pgrst.', '') AS key, v AS value
  FROM kv_settings
  WHERE k IN ('pgrst.db_aggregates_enabled', 'pgrst.db_plan_enabled') AND v IS NOT NULL
  ORDER BY key, database DESC NULLS LAST`

/**
 * A boolean setting as PostgREST reads one: its letters as true/false in any case, else a whole
 * number above 0; anything else leaves the setting unset.
 */
export function settingBool(value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined
  const letters = value.replace(/[^A-Za-z]/g, '').toLowerCase()
  if (letters === 'true') return true
  if (letters === 'false') return false
  return /^\s*-?\d+\s*$/.test(value) ? Number(value) > 0 : undefined
}

export async function loadDbSwitches(pg: LocalDb['pg']): Promise<DbSwitches> {
  const { rows } = await pg.query<{ key: string; value: string }>(SETTINGS_SQL)
  const get = (key: string) => settingBool(rows.find((r) => r.key === key)?.value)
  return { aggregatesEnabled: get('db_aggregates_enabled'), planEnabled: get('db_plan_enabled') }
}
