import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readApiConfig } from '../../../../supabase/local/rest/api-config'
import { startTestServer, type TestServer } from '../../../support/server'

/**
 * config.toml's `[api]` section drives the REST server as it drives hosted Supabase through the CLI:
 * exposed schemas, the search_path after the request's schema, and the row limit, each overridable
 * from the environment.
 */
describe('reading [api] from config.toml', () => {
  const toml = `
[api]
enabled = true
schemas = ["public", "other"] # exposed
extra_search_path = ["extensions"]
max_rows = 2

[db]
schemas = ["ignored"]
`
  it('reads schemas, extra_search_path and max_rows of the [api] section only', () => {
    expect(readApiConfig(toml)).toEqual({
      schemas: ['public', 'other'],
      extraSearchPath: ['extensions'],
      maxRows: 2,
      aggregatesEnabled: false,
      planEnabled: false,
    })
  })

  it('keeps hosted defaults for what the file leaves out', () => {
    expect(readApiConfig('[api]\nenabled = true\n')).toEqual({
      schemas: ['public', 'graphql_public'],
      extraSearchPath: ['public', 'extensions'],
      maxRows: 1000,
      aggregatesEnabled: false,
      planEnabled: false,
    })
  })

  it('lets the environment override each setting', () => {
    expect(
      readApiConfig(toml, {
        SUPABASE_API_SCHEMAS: 'public, api',
        SUPABASE_API_EXTRA_SEARCH_PATH: 'public,extensions',
        SUPABASE_API_MAX_ROWS: '50',
      }),
    ).toEqual({
      schemas: ['public', 'api'],
      extraSearchPath: ['public', 'extensions'],
      maxRows: 50,
      aggregatesEnabled: false,
      planEnabled: false,
    })
  })

  it('splits lists as PostgREST splits what the CLI joins: on commas, each name stripped', () => {
    expect(
      readApiConfig('[api]\nschemas = [" public ", "api, other"]\nextra_search_path = []\n'),
    ).toMatchObject({ schemas: ['public', 'api', 'other'], extraSearchPath: [] })
    expect(
      readApiConfig(null, {
        SUPABASE_API_SCHEMAS: ' public ,api,,other ',
        SUPABASE_API_EXTRA_SEARCH_PATH: 'extensions , public',
      }),
    ).toMatchObject({
      schemas: ['public', 'api', 'other'],
      extraSearchPath: ['extensions', 'public'],
    })
    // An empty variable is no override (viper's rule); no schema at all is PostgREST's default.
    expect(readApiConfig(toml, { SUPABASE_API_EXTRA_SEARCH_PATH: '' })).toMatchObject({
      extraSearchPath: ['extensions'],
    })
    expect(readApiConfig('[api]\nschemas = []\n').schemas).toEqual(['public'])
  })

  it('reads the aggregate and plan switches as PostgREST reads booleans', () => {
    expect(readApiConfig(null)).toMatchObject({ aggregatesEnabled: false, planEnabled: false })
    expect(
      readApiConfig(null, { PGRST_DB_AGGREGATES_ENABLED: 'TRUE', PGRST_DB_PLAN_ENABLED: '1' }),
    ).toMatchObject({ aggregatesEnabled: true, planEnabled: true })
    expect(
      readApiConfig(null, { PGRST_DB_AGGREGATES_ENABLED: 'false', PGRST_DB_PLAN_ENABLED: 'yes' }),
    ).toMatchObject({ aggregatesEnabled: false, planEnabled: false })
  })

  it('refuses a row limit that is not a positive whole number, saying where it came from', () => {
    expect(() => readApiConfig('[api]\nmax_rows = -1\n')).toThrow(
      'config.toml [api] max_rows must be a whole number of rows above 0, not -1',
    )
    expect(() => readApiConfig(toml, { SUPABASE_API_MAX_ROWS: 'lots' })).toThrow(
      'SUPABASE_API_MAX_ROWS must be a whole number of rows above 0, not lots',
    )
  })
})

describe('the server with a config.toml exposing another schema', () => {
  let t: TestServer

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'api-config-'))
    const configFile = join(dir, 'config.toml')
    writeFileSync(
      configFile,
      '[api]\nschemas = ["public", "other"]\nextra_search_path = ["public", "extensions"]\nmax_rows = 2\n',
    )
    t = await startTestServer({ configFile })
    await t.server.db.pg.exec(`
      create schema other;
      create table other.things (id integer primary key);
      insert into other.things values (1), (2), (3);
      -- Unqualified: found through the request's schema, first in its search_path (not checked
      -- now, under the owner's search_path).
      set check_function_bodies = off;
      create function other.thing_count() returns bigint language sql stable
        as $$ select count(*) from things $$;
      grant usage on schema other to anon;
      grant select on other.things to anon;
      grant execute on function other.thing_count() to anon;
    `)
  })

  afterAll(async () => {
    await t?.close()
  })

  it('answers .schema("other"), at most max_rows rows with the full count', async () => {
    const { data, count, error, status } = await t
      .client()
      .schema('other')
      .from('things')
      .select('id', { count: 'exact' })
      .order('id')
    expect(error).toBeNull()
    expect(status).toBe(206)
    expect(data).toEqual([{ id: 1 }, { id: 2 }])
    expect(count).toBe(3)
  })

  it("puts the request's schema first in its search_path", async () => {
    const { data, error } = await t.client().schema('other').rpc('thing_count')
    expect(error).toBeNull()
    expect(data).toBe(3)
  })

  it('still refuses a schema it does not expose', async () => {
    const { error, status } = await t.client().schema('graphql_public').from('things').select()
    expect(status).toBe(406)
    expect(error).toMatchObject({
      code: 'PGRST106',
      message: 'Invalid schema: graphql_public',
      hint: 'Only the following schemas are exposed: public, other',
    })
  })
})
