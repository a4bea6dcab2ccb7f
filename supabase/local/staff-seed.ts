import type { AuthService } from './auth/handler'
import { addVerifiedTotpFactor } from './auth/mfa-factors'
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
  /** The code of the current time step (any code of the drift window is accepted, however often). */
  code: string
  /** Seconds until `code` stops being accepted (the end of the step after this one). */
  seconds: number
}

/** The sign-in code each local staff account with a verified factor can use right now. */
export async function localStaffCodes(db: LocalDb, nowMs: number): Promise<StaffCode[]> {
  const enrolled = await db.pg.query<{ email: string }>(
    `select distinct u.email from auth.users u join auth.mfa_factors f on f.user_id = u.id
      where u.email = any($1::text[]) and f.status = 'verified'`,
    [LOCAL_STAFF.map((s) => s.email)],
  )
  const step = totpStep(nowMs)
  const seconds = Math.ceil(
    (TOTP_SKEW + 1) * TOTP_PERIOD_SECONDS - ((nowMs / 1000) % TOTP_PERIOD_SECONDS),
  )
  return LOCAL_STAFF.filter((staff) => enrolled.rows.some((r) => r.email === staff.email)).map(
    (staff) => ({ email: staff.email, code: totpCode(staff.totpSecret, step), seconds }),
  )
}
