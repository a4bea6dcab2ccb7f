import { spawnSync } from 'node:child_process'
import { ensureChromium } from './tools/ensure-chromium'

/** `npm run test:e2e`: Playwright against `npm start`, in Debian's Chromium. */
try {
  ensureChromium()
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
const result = spawnSync('node_modules/.bin/playwright', ['test', ...process.argv.slice(2)], {
  stdio: 'inherit',
})
process.exit(result.status ?? 1)
