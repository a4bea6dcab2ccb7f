import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { currentGroup } from './groups.mjs'

/**
 * What Stryker's Vitest runner loads for a group: one project holding only that group's fast tests,
 * in Vitest's `forks` pool as in `npm test` (tests/mutation/vitest-runner.mjs keeps it so: the runner
 * asks for `threads`). The instrumented code runs several times slower than the original.
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
