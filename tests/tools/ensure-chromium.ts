import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

/**
 * The browser tests need Debian's Chromium (test tools cannot download browsers on our machines). Install it
 * when it is missing, or explain clearly why it cannot be.
 */
export function ensureChromium(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  if (existsSync(path)) return path
  if (process.env.CHROMIUM_PATH) {
    throw new Error(`CHROMIUM_PATH is set to ${path}, but there is no browser there.`)
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  const sudo = !isRoot && spawnSync('sudo', ['-n', 'true']).status === 0 ? ['sudo', '-n'] : []
  if (!isRoot && sudo.length === 0) {
    throw new Error(
      'Chromium is missing at /usr/bin/chromium and this user cannot install it. Run as root: ' +
        'apt-get update && apt-get install -y chromium (or set CHROMIUM_PATH to a Chromium binary).',
    )
  }
  console.info('Chromium is missing: installing Debian’s chromium package (apt-get)…')
  const run = (args: string[]) => {
    const [command, ...rest] = [...sudo, ...args]
    execFileSync(command!, rest, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    })
  }
  try {
    run(['apt-get', 'update'])
    run(['apt-get', 'install', '-y', '--no-install-recommends', 'chromium'])
  } catch (error) {
    throw new Error(
      `Installing Chromium with apt-get failed (${(error as Error).message}). ` +
        'Install it by hand (apt-get install -y chromium) or set CHROMIUM_PATH.',
    )
  }
  if (!existsSync(path)) throw new Error('apt-get finished but /usr/bin/chromium is still missing.')
  return path
}
