import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { switchesVariable } from './e2e/support/global-setup'
import { chromiumArgs, chromiumPath } from './tests/support/chromium-args'

/**
 * End-to-end tests run against `npm start` (the built app and the embedded backend in one process) on a
 * fresh data directory, in Debian's Chromium.
 */
const port = Number(process.env.E2E_PORT ?? 4181)
const baseURL = `http://127.0.0.1:${port}`
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'luxe-e2e-'))
process.env.E2E_DATA_DIR = dataDir

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/support/global-setup.ts',
  // Playwright empties its output folder at the start: keep it apart from Vitest's report beside it.
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  // Three at a time: on a fresh 2-core CI machine, 152 tests passed with none flaky this way.
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-results.json' }]],
  use: {
    baseURL,
    // Each test's fresh context would otherwise install the service worker and download the whole
    // precache; specs about the worker and offline use say `test.use({ serviceWorkers: 'allow' })`.
    serviceWorkers: 'block',
    // Recording a trace makes every test about 45% slower (the cash-on-delivery checkout test, 3 runs
    // each: 14.3 s against 9.8 s), which took some local runs past the 60 s limit. So only a failing
    // test's retry in CI records one; locally, ask for it: `npx playwright test … --trace on`.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      // Set by the global setup, which runs before the workers read this file.
      args: process.env[switchesVariable]
        ? (JSON.parse(process.env[switchesVariable]) as string[])
        : chromiumArgs,
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node_modules/.bin/tsx supabase/local/start.ts',
    url: `${baseURL}/`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: { PORT: String(port), DATA_DIR: dataDir, E2E: '1' },
  },
})
