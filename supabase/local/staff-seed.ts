import type { AuthService } from './auth/handler'
import type { LocalDb } from './db'

/**
 * Local staff accounts, never a migration: a hosted project gets its staff by hand. Created when missing
 * (so a fresh data directory has them, and an older one gains the roles once `public.user_roles` exists).
 */
export const LOCAL_STAFF_PASSWORD = 'local-dev-password'
export const LOCAL_STAFF = [
  { email: 'admin@luxekenya.test', role: 'admin', fullName: 'Local Admin' },
  { email: 'manager@luxekenya.test', role: 'manager', fullName: 'Local Manager' },
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
    if (hasRoles) {
      await db.pg.query(
        `insert into public.user_roles (user_id, role)
         select $1, $2 where not exists (select 1 from public.user_roles where user_id = $1 and role::text = $2)`,
        [id, staff.role],
      )
    }
  }
}
