import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { installParitySchema } from '../../../../support/parity-schema'
import {
  startRestEnv,
  startRestServer,
  type RestEnv,
  type RestServer,
} from '../../../../support/rest-server'
import { asSuperuser, dbEngine, freshDb } from '../../../../support/test-db'

/**
 * Aggregate functions and EXPLAIN plans, switches hosted keeps off (PostgREST's db-aggregates-enabled
 * and db-plan-enabled). Cases from AggregateFunctionsSpec.hs ("allowed" with the switch on,
 * "disallowed" with it off) and PlanSpec.hs ("doesn't work if db-plan-enabled=false").
 */
let env: RestEnv
/** The same database behind a server with aggregates switched on. */
let enabled: RestServer
/** And one with EXPLAIN plans switched on. */
let planning: RestServer

beforeAll(async () => {
  env = await startRestEnv(await freshDb({ migrations: false }), installParitySchema)
  enabled = await startRestServer(env.db, { aggregatesEnabled: true })
  planning = await startRestServer(env.db, { planEnabled: true })
})

afterAll(async () => {
  await planning?.close()
  await enabled?.close()
  await env?.close()
})

const get = (server: RestServer, path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/rest/v1${path}`, {
    headers: { apikey: server.anonKey, Authorization: `Bearer ${server.anonKey}`, ...headers },
  })
const json = async (server: RestServer, path: string) => {
  const res = await get(server, path)
  expect(res.status, path).toBe(200)
  return res.json()
}

const notAllowed = {
  code: 'PGRST123',
  message: 'Use of aggregate functions is not allowed',
  details: null,
  hint: null,
}

describe('aggregates switched off (the default, as on hosted)', () => {
  it.each([
    ['/project_invoices?select=invoice_total.sum()'],
    ['/project_invoices?select=count()'],
    ['/projects?select=name,project_invoices(invoice_total.sum())'],
    ['/project_invoices?select=...projects(id.count())'],
    ['/factories?select=...factory_buildings(id.count())'],
  ])('refuses %s with 400 PGRST123', async (path) => {
    const res = await env.raw(path)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual(notAllowed)
  })

  it('names a missing relationship before refusing the aggregate, as PostgREST plans', async () => {
    const res = await env.raw('/projects?select=id.sum(),nothing(*)')
    expect(res.status).toBe(400)
    expect((await res.json()).code).toBe('PGRST200')
    const js = await env.anon.from('project_invoices').select('project_id, invoice_total.sum()')
    expect(js).toMatchObject({ status: 400, error: notAllowed, data: null })
  })

  it('still counts with a bare count column, which Postgres reads as count(row)', async () => {
    expect(await (await env.raw('/projects?select=count')).json()).toEqual([{ count: 5 }])
    const { data } = await env.anon
      .from('projects')
      .select('name,project_invoices(count)')
      .in('id', [1, 5])
      .order('id')
    expect(data).toEqual([
      { name: 'Windows 7', project_invoices: [{ count: 2 }] },
      { name: 'Orphan', project_invoices: [{ count: 0 }] },
    ])
  })

  it("follows the authenticator role's pgrst.db_aggregates_enabled after NOTIFY pgrst", async () => {
    const setting = (value: string | null) => `do $$ begin
      execute format(${
        value === null
          ? `'alter role authenticator in database %I reset pgrst.db_aggregates_enabled', current_database()`
          : `'alter role authenticator in database %I set pgrst.db_aggregates_enabled = %L', current_database(), '${value}'`
      });
    end $$; notify pgrst, 'reload config';`
    const asPlatform = (sql: string) =>
      dbEngine === 'postgres' ? asSuperuser(env.db, sql) : env.db.pg.exec(sql).then(() => {})
    const statusAfter = async (want: number) => {
      // The notice reaches the server asynchronously on PostgreSQL.
      for (let i = 0; i < 50; i++) {
        const res = await env.raw('/project_invoices?select=invoice_total.sum()')
        if (res.status === want) return res
        await new Promise((r) => setTimeout(r, 100))
      }
      throw new Error(`never answered ${want}`)
    }
    await asPlatform(setting('true'))
    expect(await (await statusAfter(200)).json()).toEqual([{ sum: 8800 }])
    await asPlatform(setting(null))
    expect(await (await statusAfter(400)).json()).toEqual(notAllowed)
  })
})

describe('aggregates switched on', () => {
  it('applies sum, avg, min, max and count over the rows', async () => {
    expect(await json(enabled, '/project_invoices?select=invoice_total.sum()')).toEqual([
      { sum: 8800 },
    ])
    const avg = await get(enabled, '/project_invoices?select=invoice_total.avg()')
    expect(await avg.text()).toBe('[{"avg":1100.0000000000000000}]')
    expect(await json(enabled, '/project_invoices?select=invoice_total.min()')).toEqual([
      { min: 100 },
    ])
    expect(await json(enabled, '/project_invoices?select=invoice_total.max()')).toEqual([
      { max: 4000 },
    ])
    expect(await json(enabled, '/project_invoices?select=invoice_total.count()')).toEqual([
      { count: 8 },
    ])
  })

  it('counts rows with count(), aliased and cast', async () => {
    expect(await json(enabled, '/projects?select=count()')).toEqual([{ count: 5 }])
    expect(await json(enabled, '/projects?select=cnt:count()')).toEqual([{ cnt: 5 }])
    expect(await json(enabled, '/projects?select=count()::text')).toEqual([{ count: '5' }])
    expect(
      await json(enabled, '/projects?select=c:count(),client_id&order=client_id.desc'),
    ).toEqual([
      { c: 1, client_id: null },
      { c: 2, client_id: 2 },
      { c: 2, client_id: 1 },
    ])
  })

  it('groups by every selected field without an aggregate, aliased or not', async () => {
    const grouped = [
      { sum: 4100, max: 4000, min: 100, project_id: 4 },
      { sum: 3200, max: 2000, min: 1200, project_id: 3 },
      { sum: 1200, max: 700, min: 500, project_id: 2 },
      { sum: 300, max: 200, min: 100, project_id: 1 },
    ]
    expect(
      await json(
        enabled,
        '/project_invoices?select=invoice_total.sum(),invoice_total.max(),invoice_total.min(),project_id&order=project_id.desc',
      ),
    ).toEqual(grouped)
    expect(
      await json(
        enabled,
        '/project_invoices?select=invoice_total.sum(),invoice_total.max(),invoice_total.min(),pid:project_id&order=project_id.desc',
      ),
    ).toEqual(grouped.map(({ project_id, ...rest }) => ({ ...rest, pid: project_id })))
    expect(
      await json(
        enabled,
        '/project_invoices?select=total_charged:invoice_total.sum()::text,project_id&order=project_id.desc',
      ),
    ).toEqual(grouped.map((g) => ({ total_charged: String(g.sum), project_id: g.project_id })))
    expect(
      await json(enabled, '/project_invoices?select=s:invoice_total::integer.sum()::text'),
    ).toEqual([{ s: '8800' }])
  })

  it('groups by an embedded to-one resource and aggregates inside a to-many one', async () => {
    expect(
      await json(
        enabled,
        '/project_invoices?select=project_id,total:invoice_total.sum(),projects(name)&order=project_id',
      ),
    ).toEqual([
      { project_id: 1, total: 300, projects: { name: 'Windows 7' } },
      { project_id: 2, total: 1200, projects: { name: 'Windows 10' } },
      { project_id: 3, total: 3200, projects: { name: 'IOS' } },
      { project_id: 4, total: 4100, projects: { name: 'OSX' } },
    ])
    expect(
      await json(
        enabled,
        '/projects?select=name,project_invoices(invoice_total.max(),invoice_total.count())&order=id',
      ),
    ).toEqual([
      { name: 'Windows 7', project_invoices: [{ max: 200, count: 2 }] },
      { name: 'Windows 10', project_invoices: [{ max: 700, count: 2 }] },
      { name: 'IOS', project_invoices: [{ max: 2000, count: 2 }] },
      { name: 'OSX', project_invoices: [{ max: 4000, count: 2 }] },
      { name: 'Orphan', project_invoices: [{ max: null, count: 0 }] },
    ])
  })

  it('applies the aggregates of a to-one spread at the level it is spread into', async () => {
    const rows = (await json(
      enabled,
      '/project_invoices?select=...projects(client_id,projects_count:count()),total:invoice_total.sum()',
    )) as { client_id: number }[]
    expect(rows.sort((a, b) => a.client_id - b.client_id)).toEqual([
      { client_id: 1, projects_count: 4, total: 1500 },
      { client_id: 2, projects_count: 4, total: 7300 },
    ])
  })

  it('aggregates the rows a function returns', async () => {
    expect(await json(enabled, '/rpc/getallvideogames?select=id.max()')).toEqual([{ max: 4 }])
  })

  it('refuses aggregates in a to-many spread with 400 PGRST127', async () => {
    const res = await get(enabled, '/factories?select=name,...factory_buildings(type,size.sum())')
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      code: 'PGRST127',
      message: 'Feature not implemented',
      details: 'Aggregates are not implemented for one-to-many or many-to-many spreads.',
      hint: null,
    })
  })
})

describe('plans switched off (the default, as on hosted)', () => {
  const noPlan = {
    code: 'PGRST107',
    message:
      'None of these media types are available: application/vnd.pgrst.plan+text; for="application/json"',
    details: null,
    hint: null,
  }
  const plan = { Accept: 'application/vnd.pgrst.plan' }

  it('answers 406 PGRST107 for a read, a function and a delete, deleting nothing', async () => {
    for (const [path, method] of [
      ['/projects?id=in.(1,2,3)', 'GET'],
      ['/rpc/getallvideogames?id=in.(1,2,3)', 'GET'],
      ['/projects?id=in.(1,2,3)', 'DELETE'],
    ]) {
      const res = await env.raw(path!, { method, headers: plan })
      expect(res.status, `${method} ${path}`).toBe(406)
      expect(await res.json()).toEqual(noPlan)
    }
    const { count } = await env.service.from('projects').select('*', { count: 'exact', head: true })
    expect(count).toBe(5)
  })

  it('names each media type as PostgREST does, and serves the next one the client accepts', async () => {
    const named = await env.raw('/projects', {
      headers: {
        Accept: 'application/vnd.pgrst.plan+json; options=analyze|verbose, text/xml;q=0.5',
      },
    })
    expect(named.status).toBe(406)
    expect((await named.json()).message).toBe(
      'None of these media types are available: application/vnd.pgrst.plan+json; for="application/json"; options=analyze|verbose, text/xml',
    )
    const next = await env.raw('/projects?select=id&id=eq.1', {
      headers: { Accept: 'application/vnd.pgrst.plan+json, application/json;q=0.9' },
    })
    expect(next.status).toBe(200)
    expect(await next.json()).toEqual([{ id: 1 }])
  })

  it("refuses supabase-js's explain()", async () => {
    const res = await env.anon.from('projects').select('id').explain({ analyze: true })
    expect(res.status).toBe(406)
    expect(res.error).toMatchObject({
      code: 'PGRST107',
      message:
        'None of these media types are available: application/vnd.pgrst.plan+text; for="application/json"; options=analyze',
    })
  })
})

describe('plans switched on', () => {
  it("answers the read's EXPLAIN in the format asked, named for the media type it plans", async () => {
    const res = await get(planning, '/projects?id=in.(1,2,3)', {
      Accept: 'application/vnd.pgrst.plan+json',
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.pgrst.plan+json; for="application/json"; charset=utf-8',
    )
    const [plan] = (await res.json()) as [{ Plan: { 'Node Type': string; 'Total Cost': number } }]
    expect(plan.Plan['Node Type']).toBe('Aggregate')
    expect(plan.Plan['Total Cost']).toBeGreaterThan(0)
    const text = await get(planning, '/rpc/getallvideogames?select=id', {
      Accept: 'application/vnd.pgrst.plan; options=analyze',
    })
    expect(text.headers.get('content-type')).toBe(
      'application/vnd.pgrst.plan+text; for="application/json"; options=analyze; charset=utf-8',
    )
    expect(await text.text()).toMatch(/^Aggregate .*actual time=.*\n(.*\n)+$/)
  })
})
