/**
 * Hosted Supabase refuses an UPDATE or DELETE without a WHERE clause in every API session, inside
 * functions and triggers too. This reads every function the migrated database really holds and fails on
 * any such statement, found by PostgreSQL's own SQL and PL/pgSQL parsers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshDb } from '../../support/test-db'
import {
  findUnsafeStatements,
  loadSqlParser,
  reachableFunctionsSql,
  type FunctionSource,
} from '../../support/safe-update-scan'
import type { LocalDb } from './db-kit'

const plpgsql = (body: string): FunctionSource => ({
  name: 'f()',
  language: 'plpgsql',
  definition: `CREATE OR REPLACE FUNCTION public.f() RETURNS trigger LANGUAGE plpgsql AS $function$
${body}
$function$`,
})
const sql = (body: string): FunctionSource => ({
  name: 'g()',
  language: 'sql',
  definition: `CREATE OR REPLACE FUNCTION public.g() RETURNS void LANGUAGE sql AS $function$${body}$function$`,
})

beforeAll(async () => {
  await loadSqlParser()
})

describe('the scanner', () => {
  it('finds unfiltered statements wherever PL/pgSQL hides them', () => {
    const found = findUnsafeStatements([
      plpgsql(`begin
  update private.catalogue_state set revision = revision + 1;
  if tg_op = 'DELETE' then
    loop
      delete from public.t; -- where id = 1
      exit;
    end loop;
  end if;
  perform 1 from (select 1) s where exists (select 1);
  execute 'delete from public.u';
  return null;
exception when others then
  update public.v set a = 'where';
  return null;
end;`),
    ])
    expect(found.map((f) => `${f.kind}: ${f.statement}`)).toEqual([
      'UPDATE: update private.catalogue_state set revision = revision + 1',
      'DELETE: delete from public.t',
      'DELETE: delete from public.u',
      "UPDATE: update public.v set a = 'where'",
    ])
  })

  it('finds them in SQL functions, CTEs included, and passes filtered ones', () => {
    const found = findUnsafeStatements([
      sql(
        `with gone as (delete from public.t returning id) update public.u set n = 0 where id in (select id from gone)`,
      ),
      sql(`update public.t set n = n + 1 where id = 1; delete from public.t where true`),
      plpgsql(
        `begin update private.catalogue_state set revision = revision + 1 where id; return null; end;`,
      ),
    ])
    expect(found).toEqual([
      {
        function: 'g()',
        kind: 'DELETE',
        statement: expect.stringContaining('delete from public.t returning id'),
      },
    ])
  })
})

describe('the migrated database', () => {
  let db: LocalDb
  beforeAll(async () => {
    db = await freshDb()
  })
  afterAll(async () => {
    await db?.close()
  })

  it('has no UPDATE or DELETE without a WHERE clause in any function an API session can reach', async () => {
    const res = await db.pg.query<FunctionSource>(reachableFunctionsSql)
    const names = res.rows.map((r) => r.name)
    // The scan really covers the store's functions, trigger functions included.
    expect(names).toEqual(
      expect.arrayContaining([
        'public.place_order(jsonb)',
        'private.bump_catalogue_revision()',
        'auth.uid()',
      ]),
    )
    expect(findUnsafeStatements(res.rows)).toEqual([])
  })
})
