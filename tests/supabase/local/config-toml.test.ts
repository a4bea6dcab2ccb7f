/**
 * `supabase config push` sends config.toml's auth settings to the live project. Its production values
 * (the site URL, the redirect URLs, email confirmation) must come from the environment of the push, so
 * no local address or local-only switch can ever be sent.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const toml = readFileSync(new URL('../../../supabase/config.toml', import.meta.url), 'utf8')

/** `key = value` lines of one `[section]` (comments dropped). */
function section(name: string): Record<string, string> {
  const out: Record<string, string> = {}
  let current = ''
  for (const raw of toml.split('\n')) {
    const line = raw.replace(/#.*$/, '').trim()
    const header = /^\[([^\]]+)\]$/.exec(line)
    if (header) current = header[1]!
    else if (current === name && line.includes('=')) {
      const at = line.indexOf('=')
      out[line.slice(0, at).trim()] = line.slice(at + 1).trim()
    }
  }
  return out
}

describe('config.toml for supabase config push', () => {
  it('reads the site URL, the redirect URLs and email confirmation from the environment', () => {
    const auth = section('auth')
    expect(auth.site_url).toBe('"env(SUPABASE_AUTH_SITE_URL)"')
    expect(auth.additional_redirect_urls).toBe('["env(SUPABASE_AUTH_REDIRECT_URL)"]')
    expect(section('auth.email').enable_confirmations).toBe(
      '"env(SUPABASE_AUTH_EMAIL_CONFIRMATIONS)"',
    )
  })

  it('asks for both links of an email change and a fresh code before a password change', () => {
    expect(section('auth.email').double_confirm_changes).toBe('true')
    expect(section('auth.email').secure_password_change).toBe('true')
  })

  it('names no local address in any auth setting', () => {
    const values = Object.entries(toml.split('\n'))
      .map(([, line]) => line.replace(/#.*$/, ''))
      .join('\n')
    const authPart = values.slice(values.indexOf('[auth]'), values.indexOf('[edge_runtime]'))
    expect(authPart).not.toMatch(/localhost|127\.0\.0\.1|0\.0\.0\.0/)
  })
})
