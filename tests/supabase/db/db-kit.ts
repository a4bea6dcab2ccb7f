/**
 * Acting as someone against the migrated database, exactly as the REST layer does: one transaction per
 * call, under the API role (`anon`, `authenticated`, `service_role`) and the JWT claims. PGlite's own
 * session is a superuser that skips RLS, so fixtures are written through `db.pg` and every check that
 * is meant to prove access control goes through `act`.
 */
import { randomUUID } from 'node:crypto'
import type { LocalDb } from '../../../supabase/local/db'

export type { LocalDb }

export interface Actor {
  label: string
  role: 'anon' | 'authenticated' | 'service_role'
  claims: Record<string, unknown>
  id?: string
  email?: string
}

export const anon: Actor = { label: 'anon', role: 'anon', claims: {} }
export const service: Actor = { label: 'service_role', role: 'service_role', claims: {} }

export interface PgError {
  code: string
  message: string
  detail?: string
}

export interface Outcome<T> {
  rows: T[]
  affected: number
  error: PgError | null
}

interface ActOptions {
  /** Undo everything the call wrote (for probes that must leave the fixtures as they were). */
  rollback?: boolean
}

function asPgError(error: unknown): PgError {
  if (error && typeof error === 'object' && 'code' in error) {
    const e = error as { code: string; message: string; detail?: string }
    return { code: e.code, message: e.message, ...(e.detail ? { detail: e.detail } : {}) }
  }
  throw error
}

/** Runs one statement as `actor`; a database error is returned, not thrown. */
export async function attempt<T = Record<string, unknown>>(
  db: LocalDb,
  actor: Actor,
  sql: string,
  params: unknown[] = [],
  opts: ActOptions = {},
): Promise<Outcome<T>> {
  try {
    return await db.withRequest(
      {
        role: actor.role,
        claims: actor.claims,
        method: 'POST',
        path: '/rest/v1/test',
        headers: {},
      },
      { rollback: opts.rollback ?? false },
      async (tx) => {
        const res = await tx.query<T>(sql, params)
        return { rows: res.rows, affected: res.affectedRows ?? 0, error: null }
      },
    )
  } catch (error) {
    return { rows: [], affected: 0, error: asPgError(error) }
  }
}

/** Runs one statement as `actor` and fails the test on a database error. */
export async function act<T = Record<string, unknown>>(
  db: LocalDb,
  actor: Actor,
  sql: string,
  params: unknown[] = [],
  opts: ActOptions = {},
): Promise<Outcome<T>> {
  const outcome = await attempt<T>(db, actor, sql, params, opts)
  if (outcome.error) {
    throw new Error(`${actor.label}: ${outcome.error.code} ${outcome.error.message}\n${sql}`)
  }
  return outcome
}

/** Calls a function that returns json, as `actor`; returns its value or the database error. */
export async function call<T = Record<string, unknown>>(
  db: LocalDb,
  actor: Actor,
  sql: string,
  params: unknown[] = [],
): Promise<{ value: T | null; error: PgError | null }> {
  const outcome = await attempt<{ value: T }>(db, actor, sql, params)
  return { value: outcome.rows[0]?.value ?? null, error: outcome.error }
}

/** A signed-up user (the profile trigger runs), with the claims a GoTrue access token would carry. */
export async function createUser(
  db: LocalDb,
  label: string,
  metadata: Record<string, unknown> = {},
): Promise<Actor & { id: string; email: string }> {
  const id = randomUUID()
  const email = `${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${id.slice(0, 8)}@example.test`
  await db.pg.query(
    `insert into auth.users (id, aud, role, email, raw_user_meta_data, raw_app_meta_data, created_at,
       updated_at, email_confirmed_at)
     values ($1, 'authenticated', 'authenticated', $2, $3::jsonb, '{"provider":"email"}', now(), now(), now())`,
    [id, email, JSON.stringify(metadata)],
  )
  return {
    label,
    id,
    email,
    role: 'authenticated',
    claims: {
      sub: id,
      email,
      aud: 'authenticated',
      role: 'authenticated',
      user_metadata: metadata,
      app_metadata: { provider: 'email', providers: ['email'] },
    },
  }
}

/** Makes `user` staff; their claims become those of a session that passed its second step. */
export async function grantRole(db: LocalDb, user: Actor, role: 'admin' | 'manager') {
  await db.pg.query('insert into public.user_roles (user_id, role) values ($1, $2)', [
    user.id,
    role,
  ])
  user.claims = { ...user.claims, aal: 'aal2' }
}

/** Test products with known stock and prices, owned by the test (the seed's numbers may change). */
export async function addProduct(
  db: LocalDb,
  fields: {
    id: string
    price: number
    stock: number
    discount?: number
    sizes?: string[]
    colors?: string[]
    active?: boolean
    category?: string
  },
) {
  await db.pg.query(
    `insert into public.products (id, slug, name, description, category, price, discount, stock, sizes,
       colors, images, active)
     values ($1, $1, $2, 'Made for tests.', $3, $4, $5, $6, $7, $8, array['/images/' || $1 || '.svg'], $9)`,
    [
      fields.id,
      `Test ${fields.id}`,
      fields.category ?? 'women',
      fields.price,
      fields.discount ?? 0,
      fields.stock,
      fields.sizes ?? [],
      fields.colors ?? [],
      fields.active ?? true,
    ],
  )
}

export async function stockOf(db: LocalDb, productId: string): Promise<number> {
  const res = await db.pg.query<{ stock: number }>(
    'select stock from public.products where id = $1',
    [productId],
  )
  return res.rows[0]!.stock
}

export interface OrderLine {
  productId: string
  quantity: unknown
  size?: string | null
  color?: string | null
  [extra: string]: unknown
}

/** A valid checkout body; override any part of it. */
export function orderPayload(
  lines: OrderLine[],
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    clientOrderId: randomUUID(),
    items: lines,
    contact: { name: 'Wanjiku Kamau', email: 'wanjiku@example.test', phone: '0712 345 678' },
    delivery: {
      method: 'delivery',
      county: 'Nairobi',
      town: 'Westlands',
      street: 'Woodvale Grove',
    },
    paymentMethod: 'mpesa',
    ...overrides,
  }
}

export interface OrderDoc {
  id: string
  orderNumber: string
  clientOrderId: string
  status: string
  paymentStatus: string
  paymentMethod: string
  currency: string
  subtotal: number
  discountTotal: number
  deliveryFee: number
  total: number
  accessToken: string
  contact: { name: string; email: string; phone: string }
  delivery: Record<string, string | null>
  affiliateCode: string | null
  items: {
    productId: string
    name: string
    quantity: number
    price: number
    discount: number
    unitPrice: number
    lineTotal: number
    size: string | null
    color: string | null
  }[]
  payment: { status: string; resultDesc: string | null; receipt: string | null } | null
  createdAt: string
}

export function placeOrder(db: LocalDb, actor: Actor, payload: unknown) {
  return call<OrderDoc>(db, actor, 'select public.place_order($1::jsonb) as value', [
    JSON.stringify(payload),
  ])
}

/** The JSON a refusal carries in `detail` (what PostgREST sends as `details`). */
export function detailOf(error: PgError | null): Record<string, unknown> {
  if (!error?.detail) return {}
  return JSON.parse(error.detail) as Record<string, unknown>
}
