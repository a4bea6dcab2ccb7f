import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { expect, test } from '@playwright/test'
import { DEMO_JWT_SECRET, DEMO_SERVICE_ROLE_KEY } from '../supabase/local/keys'

/**
 * Everything the browser can download (the build `npm start` just made, service worker included) holds
 * no service-role key and no JWT secret: every token in it is an anon key, and what is served is what
 * was built.
 */
const dist = join(process.cwd(), 'dist')

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
  )
}

const JWT = /eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/g

function roleOf(token: string): unknown {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      role?: unknown
    }
    return payload.role
  } catch {
    return 'unreadable'
  }
}

test('the built app holds no service-role key or JWT secret', async ({ request }) => {
  const texts = files(dist)
    .filter((file) => /\.(js|mjs|html|css|json|webmanifest|txt|map)$/.test(file))
    .map((file) => ({ name: relative(dist, file), text: readFileSync(file, 'utf8') }))
  expect(texts.some((f) => f.name === 'sw.js')).toBe(true)
  expect(texts.some((f) => f.name === 'index.html')).toBe(true)

  const tokens = new Set<string>()
  for (const { name, text } of texts) {
    expect(text.includes(DEMO_SERVICE_ROLE_KEY), `${name} holds the service-role key`).toBe(false)
    expect(text.includes(DEMO_JWT_SECRET), `${name} holds the JWT secret`).toBe(false)
    // The secrets' variable names, or a secret key itself (supabase-js names the bare prefix); `service_role`
    // alone is a role name the admin shows, not a key.
    expect(
      /SERVICE_ROLE_KEY|JWT_SECRET|sb_secret_[A-Za-z0-9_-]{8}/.test(text),
      `${name} names a secret`,
    ).toBe(false)
    for (const token of text.match(JWT) ?? []) tokens.add(token)
  }
  // The public anon key is the only token the app carries.
  expect([...tokens].map(roleOf)).toEqual(['anon'])

  // What the server hands out is the same build.
  const served = await request.get('/sw.js')
  expect(served.ok()).toBe(true)
  expect(await served.text()).toBe(texts.find((f) => f.name === 'sw.js')!.text)
})
