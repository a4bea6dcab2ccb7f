import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The database suite's second engine needs a PostgreSQL server and its headers (to build the safe-update
 * rule into it). Install Debian's packages when they are missing, or explain clearly why they cannot be.
 */
export interface PostgresInstall {
  /** Directory with initdb, pg_ctl and postgres. */
  bin: string
  /** Server headers, for the safe-update library. */
  include: string
  version: string
}

const root = '/usr/lib/postgresql'

function installed(): PostgresInstall | null {
  if (!existsSync(root)) return null
  const versions = readdirSync(root)
    .filter((v) => /^\d+$/.test(v) && existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  for (const version of versions) {
    const include = `/usr/include/postgresql/${version}/server`
    if (existsSync(join(include, 'postgres.h')) && hasCompiler()) {
      return { bin: join(root, version, 'bin'), include, version }
    }
  }
  return null
}

function hasCompiler() {
  return spawnSync('cc', ['--version']).status === 0
}

export function ensurePostgres(): PostgresInstall {
  const found = installed()
  if (found) return found
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  const sudo = !isRoot && spawnSync('sudo', ['-n', 'true']).status === 0 ? ['sudo', '-n'] : []
  const how =
    'apt-get update && apt-get install -y postgresql postgresql-server-dev-all gcc (as root)'
  if (!isRoot && sudo.length === 0) {
    throw new Error(
      `PostgreSQL (server and headers) is missing and this user cannot install it. Run: ${how}.`,
    )
  }
  console.info('PostgreSQL is missing: installing Debian’s postgresql packages (apt-get)…')
  const run = (args: string[]) => {
    const [command, ...rest] = [...sudo, ...args]
    execFileSync(command!, rest, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    })
  }
  try {
    run(['apt-get', 'update'])
    run(['apt-get', 'install', '-y', '--no-install-recommends', 'postgresql', 'gcc', 'libc6-dev'])
    // The headers must match the server that was installed (Debian 12: 15).
    const version = readdirSync(root)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => +b - +a)[0]
    run(['apt-get', 'install', '-y', '--no-install-recommends', `postgresql-server-dev-${version}`])
  } catch (error) {
    throw new Error(
      `Installing PostgreSQL with apt-get failed (${(error as Error).message}). Run: ${how}.`,
    )
  }
  const after = installed()
  if (!after)
    throw new Error(
      `apt-get finished but PostgreSQL or its headers are still missing. Run: ${how}.`,
    )
  return after
}
