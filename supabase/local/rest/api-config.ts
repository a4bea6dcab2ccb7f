/**
 * The `[api]` settings of supabase/config.toml the REST server follows, as the Supabase CLI reads them:
 * `schemas` (exposed through /rest/v1), `extra_search_path` (after the request's schema in every
 * request's search_path) and `max_rows` (top-level rows one read returns at most). The environment
 * overrides each, as the CLI's does: SUPABASE_API_SCHEMAS and SUPABASE_API_EXTRA_SEARCH_PATH (comma
 * separated), SUPABASE_API_MAX_ROWS.
 *
 * Two PostgREST switches hosted keeps off and config.toml has no key for: aggregate functions and
 * EXPLAIN plans, from PGRST_DB_AGGREGATES_ENABLED and PGRST_DB_PLAN_ENABLED as PostgREST reads them
 * (the authenticator role's `pgrst.*` settings in the database override both, see db-settings.ts).
 */
import { settingBool } from './db-settings'

export interface ApiConfig {
  schemas: string[]
  extraSearchPath: string[]
  maxRows: number
  aggregatesEnabled: boolean
  planEnabled: boolean
}

export const DEFAULT_API_CONFIG: ApiConfig = {
  schemas: ['public', 'graphql_public'],
  extraSearchPath: ['public', 'extensions'],
  maxRows: 1000,
  aggregatesEnabled: false,
  planEnabled: false,
}

/** `key = value` lines of the `[api]` section (comments dropped). */
function apiSection(toml: string): Map<string, string> {
  const out = new Map<string, string>()
  let inApi = false
  for (const raw of toml.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim()
    const header = /^\[\s*([^\]]+?)\s*\]$/.exec(line)
    if (header) inApi = header[1] === 'api'
    else if (inApi && line.includes('=')) {
      const at = line.indexOf('=')
      out.set(line.slice(0, at).trim(), line.slice(at + 1).trim())
    }
  }
  return out
}

/**
 * The CLI hands PostgREST each list joined with commas (PGRST_DB_SCHEMAS, PGRST_DB_EXTRA_SEARCH_PATH),
 * and PostgREST splits it on commas and strips each name: an element holding a comma is two names,
 * and spaces around a name are dropped. An empty name (`"a,,b"`) is left out here: PostgREST would
 * keep it and put `""` in every request's search_path, which Postgres refuses.
 */
const commaList = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

function stringList(value: string, key: string): string[] {
  const m = /^\[(.*)\]$/.exec(value)
  if (!m) throw new Error(`config.toml [api] ${key} must be a list of strings`)
  return commaList([...m[1]!.matchAll(/"([^"]*)"/g)].map((s) => s[1]!).join(','))
}

function rowLimit(value: string, from: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1) {
    throw new Error(`${from} must be a whole number of rows above 0, not ${value}`)
  }
  return Number(value)
}

export function readApiConfig(
  toml: string | null,
  env: Record<string, string | undefined> = {},
): ApiConfig {
  const config = { ...DEFAULT_API_CONFIG }
  const section = apiSection(toml ?? '')
  const schemas = section.get('schemas')
  if (schemas) config.schemas = stringList(schemas, 'schemas')
  const extra = section.get('extra_search_path')
  if (extra) config.extraSearchPath = stringList(extra, 'extra_search_path')
  const maxRows = section.get('max_rows')
  if (maxRows) config.maxRows = rowLimit(maxRows, 'config.toml [api] max_rows')
  if (env.SUPABASE_API_SCHEMAS) config.schemas = commaList(env.SUPABASE_API_SCHEMAS)
  if (env.SUPABASE_API_EXTRA_SEARCH_PATH) {
    config.extraSearchPath = commaList(env.SUPABASE_API_EXTRA_SEARCH_PATH)
  }
  if (env.SUPABASE_API_MAX_ROWS) {
    config.maxRows = rowLimit(env.SUPABASE_API_MAX_ROWS, 'SUPABASE_API_MAX_ROWS')
  }
  config.aggregatesEnabled = settingBool(env.PGRST_DB_AGGREGATES_ENABLED) ?? false
  config.planEnabled = settingBool(env.PGRST_DB_PLAN_ENABLED) ?? false
  // No schema at all: PostgREST's own default.
  if (config.schemas.length === 0) config.schemas = ['public']
  return config
}
