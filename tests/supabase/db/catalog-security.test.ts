/**
 * Reads the database's own catalogue (pg_class, pg_policy, pg_proc, privileges) and fails on any
 * exposure nobody decided on: a public table without RLS, a write grant to anon, a privilege beyond
 * the table of decisions below, a security definer function without a pinned search_path, a policy
 * without explicit roles, a policy filter without an index. Run twice: as a hosted project created
 * since 2026 (no default grants) and as an older one whose default privileges grant everything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type LocalDb } from '../../../supabase/local/db'
import { dbEngine, freshDb } from '../../support/test-db'

type Privilege = 'SELECT' | 'INSERT' | 'UPDATE' | 'DELETE' | 'TRUNCATE' | 'REFERENCES' | 'TRIGGER'

/** Every public table and exactly what anon and authenticated may do to it (RLS narrows it further). */
const decided: Record<string, { anon: Privilege[]; authenticated: Privilege[] }> = {
  addresses: { anon: [], authenticated: ['SELECT', 'INSERT', 'UPDATE', 'DELETE'] },
  audit_log: { anon: [], authenticated: ['SELECT'] },
  card_webhook_events: { anon: [], authenticated: ['SELECT'] },
  affiliates: { anon: [], authenticated: ['SELECT', 'INSERT', 'UPDATE'] },
  commissions: { anon: [], authenticated: ['SELECT'] },
  contact_messages: { anon: ['INSERT'], authenticated: ['SELECT', 'INSERT'] },
  counties: { anon: ['SELECT'], authenticated: ['SELECT'] },
  discount_codes: { anon: [], authenticated: ['SELECT', 'INSERT', 'UPDATE'] },
  discount_redemptions: { anon: [], authenticated: ['SELECT'] },
  newsletter_subscribers: { anon: ['INSERT'], authenticated: ['SELECT', 'INSERT'] },
  order_items: { anon: [], authenticated: ['SELECT'] },
  orders: { anon: [], authenticated: ['SELECT'] },
  payments: { anon: [], authenticated: ['SELECT'] },
  payouts: { anon: [], authenticated: ['SELECT', 'INSERT', 'UPDATE'] },
  pickup_points: { anon: ['SELECT'], authenticated: ['SELECT', 'INSERT', 'UPDATE', 'DELETE'] },
  products: { anon: ['SELECT'], authenticated: ['SELECT', 'INSERT', 'UPDATE', 'DELETE'] },
  product_photos: { anon: ['SELECT'], authenticated: ['SELECT', 'INSERT', 'UPDATE', 'DELETE'] },
  product_sizes: { anon: ['SELECT'], authenticated: ['SELECT', 'INSERT', 'UPDATE', 'DELETE'] },
  profiles: { anon: [], authenticated: ['SELECT', 'UPDATE'] },
  refunds: { anon: [], authenticated: ['SELECT'] },
  staff_invitations: { anon: [], authenticated: ['SELECT'] },
  store_settings: { anon: ['SELECT'], authenticated: ['SELECT', 'UPDATE'] },
  user_roles: { anon: [], authenticated: ['SELECT', 'INSERT', 'DELETE'] },
  watch_brands: { anon: ['SELECT'], authenticated: ['SELECT', 'INSERT', 'UPDATE', 'DELETE'] },
}

/** The only tables anon may write to, and only by INSERT. */
const anonInsertOnly = ['contact_messages', 'newsletter_subscribers']

/** Functions the API roles may call; everything else in public and private is closed. */
const callable: Record<string, { anon: boolean; authenticated: boolean; service_role: boolean }> = {
  catalogue: { anon: true, authenticated: true, service_role: true },
  catalogue_version: { anon: true, authenticated: true, service_role: true },
  catalogue_details: { anon: true, authenticated: true, service_role: true },
  catalogue_details_version: { anon: true, authenticated: true, service_role: true },
  best_sellers: { anon: true, authenticated: true, service_role: true },
  product_size_stock: { anon: true, authenticated: true, service_role: true },
  place_order: { anon: true, authenticated: true, service_role: true },
  quote_order: { anon: true, authenticated: true, service_role: true },
  order_by_token: { anon: true, authenticated: true, service_role: true },
  may_follow_order: { anon: true, authenticated: true, service_role: true },
  order_status_for_chat: { anon: true, authenticated: true, service_role: true },
  subscribe_newsletter: { anon: true, authenticated: true, service_role: true },
  claim_welcome_offer: { anon: true, authenticated: true, service_role: true },
  confirm_bank_transfer: { anon: false, authenticated: true, service_role: true },
  release_unpaid_bank_orders: { anon: false, authenticated: true, service_role: true },
  release_unpaid_orders: { anon: false, authenticated: true, service_role: true },
  held_stock: { anon: false, authenticated: true, service_role: true },
  take_outgoing_emails: { anon: false, authenticated: false, service_role: true },
  has_role: { anon: false, authenticated: true, service_role: true },
  set_order_status: { anon: false, authenticated: true, service_role: true },
  refund_order: { anon: false, authenticated: true, service_role: true },
  record_refund_result: { anon: false, authenticated: false, service_role: true },
  record_refund_request: { anon: false, authenticated: false, service_role: true },
  record_mpesa_refund_result: { anon: false, authenticated: false, service_role: true },
  claim_due_refunds: { anon: false, authenticated: false, service_role: true },
  record_card_session: { anon: false, authenticated: false, service_role: true },
  record_card_result: { anon: false, authenticated: false, service_role: true },
  review_affiliate: { anon: false, authenticated: true, service_role: true },
  create_payout: { anon: false, authenticated: true, service_role: true },
  admin_overview: { anon: false, authenticated: true, service_role: true },
  admin_affiliates: { anon: false, authenticated: true, service_role: true },
  my_affiliate: { anon: false, authenticated: true, service_role: false },
  invite_staff: { anon: false, authenticated: true, service_role: false },
  set_staff_role: { anon: false, authenticated: true, service_role: false },
  remove_staff: { anon: false, authenticated: true, service_role: false },
  remove_second_factors: { anon: false, authenticated: true, service_role: false },
  staff_second_factor_ok: { anon: false, authenticated: true, service_role: true },
  cancel_staff_invitation: { anon: false, authenticated: true, service_role: false },
  staff_overview: { anon: false, authenticated: true, service_role: false },
  record_payment_request: { anon: false, authenticated: false, service_role: true },
  record_payment_result: { anon: false, authenticated: false, service_role: true },
}

const privileges: Privilege[] = [
  'SELECT',
  'INSERT',
  'UPDATE',
  'DELETE',
  'TRUNCATE',
  'REFERENCES',
  'TRIGGER',
]

async function tablePrivileges(db: LocalDb, role: string) {
  const res = await db.pg.query<{ table: string; privilege: Privilege }>(
    `select c.relname as table, p.privilege
     from pg_class c
     join pg_namespace n on n.oid = c.relnamespace
     cross join unnest($2::text[]) as p(privilege)
     where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f')
       and (has_table_privilege($1, c.oid, p.privilege)
         or (p.privilege in ('SELECT', 'INSERT', 'UPDATE', 'REFERENCES')
           and has_any_column_privilege($1, c.oid, p.privilege)))
     order by 1, 2`,
    [role, privileges],
  )
  const byTable: Record<string, Privilege[]> = {}
  for (const row of res.rows) (byTable[row.table] ??= []).push(row.privilege)
  return byTable
}

function checks(label: string, open: () => Promise<LocalDb>) {
  describe(label, () => {
    let db: LocalDb
    beforeAll(async () => {
      db = await open()
    })
    afterAll(async () => {
      await db?.close()
    })

    it('has row level security on every public table, and the list of tables is the decided one', async () => {
      const res = await db.pg.query<{ table: string; rls: boolean; kind: string }>(
        `select c.relname as table, c.relrowsecurity as rls, c.relkind::text as kind
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f')
         order by 1`,
      )
      expect(res.rows.filter((r) => r.kind !== 'r' && r.kind !== 'p')).toEqual([])
      expect(res.rows.filter((r) => !r.rls).map((r) => r.table)).toEqual([])
      expect(res.rows.map((r) => r.table).sort()).toEqual(Object.keys(decided).sort())
    })

    it('grants anon no write beyond INSERT on the insert-only tables (item 1)', async () => {
      const anon = await tablePrivileges(db, 'anon')
      const writes = Object.entries(anon).flatMap(([table, privs]) =>
        privs
          .filter((p) => p !== 'SELECT')
          .filter((p) => !(p === 'INSERT' && anonInsertOnly.includes(table)))
          .map((p) => `${p} on ${table}`),
      )
      expect(writes).toEqual([])
    })

    it('grants anon and authenticated exactly the decided table privileges', async () => {
      for (const role of ['anon', 'authenticated'] as const) {
        const actual = await tablePrivileges(db, role)
        const expected = Object.fromEntries(
          Object.entries(decided)
            .filter(([, d]) => d[role].length > 0)
            .map(([table, d]) => [table, [...d[role]].sort()]),
        )
        expect({ role, privileges: actual }).toEqual({ role, privileges: expected })
      }
    })

    it('leaves no sequence usable by anon or authenticated', async () => {
      const res = await db.pg.query<{ seq: string; role: string }>(
        `select c.relname as seq, r.role
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
         cross join unnest(array['anon', 'authenticated']) as r(role)
         where n.nspname = 'public' and c.relkind = 'S'
           and (has_sequence_privilege(r.role, c.oid, 'USAGE')
             or has_sequence_privilege(r.role, c.oid, 'UPDATE'))`,
      )
      expect(res.rows).toEqual([])
    })

    it('lets the API roles call only the decided functions', async () => {
      const res = await db.pg.query<{
        name: string
        schema: string
        anon: boolean
        authenticated: boolean
        service_role: boolean
        public: boolean
      }>(
        `select p.proname as name, n.nspname as schema,
           has_function_privilege('anon', p.oid, 'EXECUTE') as anon,
           has_function_privilege('authenticated', p.oid, 'EXECUTE') as authenticated,
           has_function_privilege('service_role', p.oid, 'EXECUTE') as service_role,
           coalesce(p.proacl is null or exists (
             select 1 from aclexplode(p.proacl) a where a.grantee = 0 and a.privilege_type = 'EXECUTE'
           ), true) as public
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         where n.nspname in ('public', 'private')
           and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
         order by 2, 1`,
      )
      const leaks = res.rows.filter((r) => r.public).map((r) => `${r.schema}.${r.name} to PUBLIC`)
      expect(leaks).toEqual([])
      const actual = Object.fromEntries(
        res.rows
          .filter((r) => r.anon || r.authenticated || r.service_role)
          .map((r) => [
            `${r.schema}.${r.name}`,
            { anon: r.anon, authenticated: r.authenticated, service_role: r.service_role },
          ]),
      )
      const expected = Object.fromEntries(
        Object.entries(callable).map(([k, v]) => [`public.${k}`, v]),
      )
      expect(actual).toEqual(expected)
    })

    it('pins the search_path of every function, security definer ones above all', async () => {
      const res = await db.pg.query<{ name: string; config: string[] | null; definer: boolean }>(
        `select n.nspname || '.' || p.proname as name, p.proconfig as config, p.prosecdef as definer
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         where (p.prosecdef and n.nspname not in ('pg_catalog', 'information_schema', 'auth', 'extensions'))
            or (n.nspname in ('public', 'private')
              and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e'))`,
      )
      expect(res.rows.filter((r) => r.definer).length).toBeGreaterThan(5)
      const unpinned = res.rows
        .filter(
          (r) => !(r.config ?? []).some((c) => c === 'search_path=""' || c === 'search_path='),
        )
        .map((r) => r.name)
      expect(unpinned).toEqual([])
    })

    it('names the roles of every policy explicitly (never PUBLIC) and covers one operation each', async () => {
      const res = await db.pg.query<{
        table: string
        policy: string
        roles: string[]
        cmd: string
      }>(
        `select tablename as table, policyname as policy, roles::text[] as roles, cmd
         from pg_policies where schemaname = 'public'`,
      )
      expect(res.rows.length).toBeGreaterThan(30)
      expect(res.rows.filter((r) => r.roles.includes('public'))).toEqual([])
      expect(res.rows.filter((r) => r.cmd === 'ALL')).toEqual([])
      expect(
        res.rows.filter(
          (r) => !r.roles.every((role) => role === 'anon' || role === 'authenticated'),
        ),
      ).toEqual([])
    })

    it('has an index for every column a policy compares with the caller', async () => {
      const res = await db.pg.query<{ table: string; qual: string | null; check: string | null }>(
        `select tablename as table, qual, with_check as check from pg_policies where schemaname = 'public'`,
      )
      const filtered = new Set<string>()
      for (const row of res.rows) {
        for (const text of [row.qual, row.check]) {
          for (const m of (text ?? '').matchAll(/(?<![.\w])(\w+) = \( SELECT auth\.uid\(\)/g))
            filtered.add(`${row.table}.${m[1]}`)
          for (const m of (text ?? '').matchAll(/(?<![.\w])(\w+) IN \( SELECT/g))
            filtered.add(`${row.table}.${m[1]}`)
        }
      }
      expect(filtered.size).toBeGreaterThan(6)
      const missing: string[] = []
      for (const entry of filtered) {
        const [table, column] = entry.split('.') as [string, string]
        const idx = await db.pg.query(
          `select 1
           from pg_index i
           join pg_class c on c.oid = i.indrelid
           join pg_namespace n on n.oid = c.relnamespace
           join pg_attribute a on a.attrelid = c.oid and a.attnum = i.indkey[0]
           where n.nspname = 'public' and c.relname = $1 and a.attname = $2`,
          [table, column],
        )
        if (idx.rows.length === 0) missing.push(entry)
      }
      expect(missing).toEqual([])
    })

    it('keeps the testers honest: API roles own nothing and only service_role bypasses RLS', async () => {
      const owners = await db.pg.query<{ owner: string }>(
        `select distinct pg_get_userbyid(c.relowner) as owner
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind = 'r'`,
      )
      expect(owners.rows.map((r) => r.owner)).toEqual(['postgres'])
      const roles = await db.pg.query<{
        rolname: string
        rolbypassrls: boolean
        rolsuper: boolean
      }>(
        `select rolname, rolbypassrls, rolsuper from pg_roles
         where rolname in ('anon', 'authenticated', 'service_role') order by 1`,
      )
      expect(roles.rows).toEqual([
        { rolname: 'anon', rolbypassrls: false, rolsuper: false },
        { rolname: 'authenticated', rolbypassrls: false, rolsuper: false },
        { rolname: 'service_role', rolbypassrls: true, rolsuper: false },
      ])
    })

    it('creates nothing in the auth schema but the sign-up and invitation triggers', async () => {
      const res = await db.pg.query<{ name: string }>(
        `select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         where n.nspname = 'auth' and p.proname not in ('uid', 'role', 'email', 'jwt')`,
      )
      expect(res.rows).toEqual([])
      const triggers = await db.pg.query<{ name: string }>(
        `select t.tgname as name from pg_trigger t
         join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'auth' and not t.tgisinternal`,
      )
      expect(triggers.rows.map((r) => r.name).sort()).toEqual([
        'on_auth_user_confirmed_accept_invitation',
        'on_auth_user_created',
      ])
    })
  })
}

checks('a project without default grants (hosted since 2026, and local)', () =>
  freshDb({ seed: false }),
)
// The old grants are a variant of the embedded bootstrap: the PGlite run covers it.
if (dbEngine === 'pglite') {
  checks('a project with the old default grants to the API roles', () =>
    openDatabase({ legacyGrants: true, seed: false }),
  )
}
