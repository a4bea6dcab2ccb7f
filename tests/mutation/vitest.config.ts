import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { currentGroup } from './groups.mjs'

/** What `npm run test:mutation` runs for each mutant of a group: only that group's fast tests. */
const root = fileURLToPath(new URL('../..', import.meta.url))
const alias = {
  '@': fileURLToPath(new URL('../../src', import.meta.url)),
  '@shared': fileURLToPath(new URL('../../supabase/functions/_shared', import.meta.url)),
}
const group = currentGroup()

export default defineConfig({
  root,
  plugins: group.environment === 'jsdom' ? [react()] : [],
  resolve: { alias },
  test: {
    root,
    environment: group.environment,
    setupFiles: group.environment === 'jsdom' ? ['tests/setup/web.ts'] : [],
    include: group.tests,
  },
})
