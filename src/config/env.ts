/**
 * Build-time configuration, checked once at start-up. An unset VITE_SUPABASE_URL means the embedded local
 * backend on the same origin as the app. (Checked by hand rather than with a schema library: this module
 * is on the first route, where every kilobyte counts.)
 */
const LOCAL_DEMO_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'

function readUrl(value: string | undefined): string | undefined {
  if (!value) return undefined
  if (!/^https?:\/\//.test(value)) {
    throw new Error(`VITE_SUPABASE_URL must start with http:// or https:// (got "${value}")`)
  }
  return value.replace(/\/+$/, '')
}

function readKey(value: string | undefined): string | undefined {
  if (!value) return undefined
  if (value.length < 20) throw new Error('VITE_SUPABASE_ANON_KEY looks too short to be a key')
  return value
}

const configuredUrl = readUrl(import.meta.env.VITE_SUPABASE_URL as string | undefined)
const configuredKey = readKey(import.meta.env.VITE_SUPABASE_ANON_KEY as string | undefined)

export const env = {
  supabaseUrl: configuredUrl ?? globalThis.location?.origin ?? 'http://127.0.0.1:4173',
  supabaseAnonKey: configuredKey ?? LOCAL_DEMO_ANON_KEY,
  isLocalBackend: configuredUrl === undefined,
} as const
