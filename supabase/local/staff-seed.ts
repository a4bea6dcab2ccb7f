import type { AuthService } from './auth/handler'
import { addVerifiedTotpFactor } from './auth/mfa'
import { totpCode, totpStep, TOTP_PERIOD_SECONDS, TOTP_SKEW } from './auth/totp'
import type { LocalDb } from './db'

/**
 * Local staff accounts, never a migration: a hosted project gets its staff by hand. Created when missing
 * (so a fresh data directory has them, and an older one gains the roles once `public.user_roles` exists).
 */
export const LOCAL_STAFF_PASSWORD = 'local-dev-password'
/** Each account's authenticator secret (base32): known like the password, local only. */
export const LOCAL_STAFF = [
  {
    email: 'admin@luxekenya.test',
    role: 'admin',
    fullName: 'Local Admin',
    totpSecret: 'LUXEKENYAADMINLOCALTOTPSECRET234',
  },
  {
    email: 'manager@luxekenya.test',
    role: 'manager',
    fullName: 'Local Manager',
    totpSecret: 'LUXEKENYAMANAGERLOCALTOTPSECRET2',
  },
] as const

export async function seedStaff(db: LocalDb, auth: AuthService, log: (m: string) => void) {
  const rolesTable = await db.pg.query<{ exists: boolean }>(
    `select to_regclass('public.user_roles') is not null as exists`,
  )
  const hasRoles = rolesTable.rows[0]?.exists ?? false
  for (const staff of LOCAL_STAFF) {
    const found = await db.pg.query<{ id: string }>('select id from auth.users where email = $1', [
      staff.email,
    ])
    let id = found.rows[0]?.id
    if (!id) {
      id = await auth.createUser({
        email: staff.email,
        password: LOCAL_STAFF_PASSWORD,
        confirmed: true,
        userMetadata: { full_name: staff.fullName },
      })
      log(`created local staff account ${staff.email}`)
    }
    const factors = await db.pg.query('select 1 from auth.mfa_factors where user_id = $1', [id])
    if (factors.rows.length === 0) {
      await addVerifiedTotpFactor(db.pg, id, staff.totpSecret, 'Local authenticator')
    }
    if (hasRoles) {
      await db.pg.query(
        `insert into public.user_roles (user_id, role)
         select $1, $2 where not exists (select 1 from public.user_roles where user_id = $1 and role::text = $2)`,
        [id, staff.role],
      )
    }
  }
}

export interface StaffCode {
  email: string
  /** A code the server accepts now (one not used yet), or null while all current ones are used. */
  code: string | null
  /** Seconds until `code` stops being accepted, or until a fresh one exists when `code` is null. */
  seconds: number
}

/**
 * The sign-in code a local staff account can use right now: the current step's code, or the next
 * step's once the current one was used (each code works once).
 */
export async function localStaffCodes(db: LocalDb, nowMs: number): Promise<StaffCode[]> {
  const used = await db.pg.query<{ email: string; step: string | null }>(
    `select u.email, max(f.last_verified_step)::text as step
       from auth.users u join auth.mfa_factors f on f.user_id = u.id
      where u.email = any($1::text[]) and f.status = 'verified'
      group by u.email`,
    [LOCAL_STAFF.map((s) => s.email)],
  )
  const current = totpStep(nowMs)
  const intoStep = (nowMs / 1000) % TOTP_PERIOD_SECONDS
  return LOCAL_STAFF.flatMap((staff): StaffCode[] => {
    const row = used.rows.find((r) => r.email === staff.email)
    if (!row) return []
    const last = row.step === null ? -Infinity : Number(row.step)
    // The current step first: an older code may run out before it is typed.
    for (let step = current; step <= current + TOTP_SKEW; step++) {
      if (step > last) {
        const seconds = Math.ceil((step + TOTP_SKEW - current + 1) * TOTP_PERIOD_SECONDS - intoStep)
        return [{ email: staff.email, code: totpCode(staff.totpSecret, step), seconds }]
      }
    }
    return [{ email: staff.email, code: null, seconds: Math.ceil(TOTP_PERIOD_SECONDS - intoStep) }]
  })
}
