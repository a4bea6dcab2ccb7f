import { availableParallelism } from 'node:os'
import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { emptyVirtualStyles } from './build/empty-virtual-styles'

const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@shared': fileURLToPath(new URL('./supabase/functions/_shared', import.meta.url)),
}

/**
 * Two kinds of tests: `tests/src` runs in jsdom (slices, components, browser-side logic); everything else
 * (the embedded backend, the database, the edge functions, the service worker's pure parts) runs in Node.
 * A browser-side file that needs no DOM says `// @vitest-environment node` on its first line: building a
 * jsdom costs about a second of CPU per file, more than most such files' tests.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest leaves a core to itself by default, which on a 2-core CI machine means one file at a time.
    // The main process only hands out files and prints, so every core runs tests.
    maxWorkers: availableParallelism(),
    // Worker threads, not child processes: every file still gets its own module graph, but a thread
    // starts and loads PGlite's WebAssembly for far less CPU. The database and function folders, back to
    // back: 111 against 167 CPU-seconds; the whole run 731 CPU-s against about 1,100 with processes.
    pool: 'threads',
    projects: [
      {
        plugins: [react(), emptyVirtualStyles()],
        resolve: { alias },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['tests/src/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/web.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'node',
          environment: 'node',
          // These files share a worker's module graph: each starts its own server or database and
          // leaves no global behind, and the functions runner imports each function afresh. Loading
          // the backend once per worker instead of once per file: 105-111 s against 188 s here.
          isolate: false,
          include: ['tests/**/*.test.ts'],
          // The bench itself runs with npm run bench; only its support code's checks are tests.
          exclude: [
            'tests/src/**',
            'tests/bench/!(support)/**',
            'tests/bench/*.ts',
            'tests/supabase/postgres/**',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The database, access-control, order and payment tests again, on a real PostgreSQL prepared as
        // hosted Supabase is (one throw-away cluster per run), plus what only real connections prove.
        resolve: { alias },
        test: {
          name: 'postgres',
          environment: 'node',
          include: [
            'tests/supabase/db/**/*.test.ts',
            'tests/supabase/admin/staff-access.test.ts',
            'tests/supabase/admin/order-refunds.test.ts',
            'tests/supabase/functions/payments/**/*.test.ts',
            'tests/supabase/local/catalogue-cache/catalogue-cache.test.ts',
            'tests/supabase/local/realtime/**/*.test.ts',
            'tests/supabase/local/rest/parity/**/*.test.ts',
            'tests/supabase/local/rest/api-config.test.ts',
            'tests/supabase/postgres/**/*.test.ts',
          ],
          env: { DB_ENGINE: 'postgres' },
          // As in `node`: one module graph per worker (40 s against 51 s here).
          isolate: false,
          globalSetup: ['tests/support/postgres/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
