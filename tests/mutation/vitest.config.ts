import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { currentGroup } from './groups.mjs'

/**
 * What Stryker's Vitest runner loads for a group: one project holding only that group's fast tests.
 * The runner asks for Vitest's `threads` pool, whose workers never start on Node 20 under Vitest 5
 * (they time out, so no test runs and no mutant is ever switched on); a pool set on the project wins
 * over the runner's, so the tests run in `forks` as in `npm test`.
 */
const root = fileURLToPath(new URL('../..', import.meta.url))
const alias = {
  '@': fileURLToPath(new URL('../../src', import.meta.url)),
  '@shared': fileURLToPath(new URL('../../supabase/functions/_shared', import.meta.url)),
}
const group = currentGroup()

export default defineConfig({
  root,
  resolve: { alias },
  test: {
    root,
    projects: [
      {
        plugins: group.environment === 'jsdom' ? [react()] : [],
        resolve: { alias },
        test: {
          name: `mutation-${group.name}`,
          root,
          pool: 'forks',
          environment: group.environment,
          setupFiles: group.environment === 'jsdom' ? ['tests/setup/web.ts'] : [],
          include: group.tests,
          // Instrumented code runs several times slower; a mutant that loops is Stryker's timeout to cut.
          testTimeout: 60_000,
        },
      },
    ],
  },
})
