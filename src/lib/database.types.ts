/**
 * Database types for the Supabase client. Replaced by the generated types once the schema lands
 * (`npm run db:types`).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Database = any
