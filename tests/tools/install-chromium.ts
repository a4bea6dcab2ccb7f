import { ensureChromium } from './ensure-chromium'

/** Installs Debian's Chromium when it is missing (a step of `npm test`, beside the unit tests). */
try {
  console.info(`Chromium: ${ensureChromium()}`)
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
