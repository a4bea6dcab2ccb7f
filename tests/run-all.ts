import { spawn } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { ensurePostgres } from './tools/ensure-postgres'

/**
 * `npm test`: every check. The database suite runs on PGlite and on a throw-away PostgreSQL (installed with
 * apt-get when missing), then the browser end-to-end tests run against `npm start`. Stages run one after
 * another and stop at the first that fails; the steps of a stage run side by side:
 * - the unit and integration tests keep both cores busy; Debian's Chromium is installed beside them
 *   (network and disk) when missing;
 * - types, lint and formatting run beside the browser tests. On a 2-core machine this was no faster than
 *   running them first: the browser stage keeps both cores busy too. Measure it from the machine's CPU
 *   counters (`time` misses Chromium's renderers) before changing this again.
 * Ends with one plain line: `N passed, N failed`.
 */
interface Step {
  name: string
  command: string
  args: string[]
  /** Streams its output as it comes (one step per stage); the others print theirs whole at the end. */
  live?: boolean
}

const bin = (name: string) => `node_modules/.bin/${name}`
const stages: Step[][] = [
  [
    {
      name: 'unit and integration',
      command: bin('vitest'),
      args: [
        'run',
        '--reporter=default',
        '--reporter=json',
        '--outputFile.json=test-results/vitest-results.json',
      ],
      live: true,
    },
    { name: 'browser install', command: bin('tsx'), args: ['tests/tools/install-chromium.ts'] },
  ],
  [
    { name: 'end-to-end', command: bin('playwright'), args: ['test'], live: true },
    { name: 'types', command: bin('tsc'), args: ['-b'] },
    { name: 'lint', command: bin('eslint'), args: ['.', '--max-warnings=0'] },
    { name: 'format', command: bin('prettier'), args: ['--check', '.', '--log-level=warn'] },
  ],
]

function counts(file: string, read: (json: Record<string, unknown>) => [number, number]) {
  if (!existsSync(file)) return [0, 0] as const
  try {
    return read(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>)
  } catch {
    return [0, 0] as const
  }
}

// Vitest 5 prints failures with Map.groupBy, which Node 20 lacks: polyfill it in every Node process.
const stepEnv = {
  ...process.env,
  NODE_OPTIONS: [process.env.NODE_OPTIONS, '--import ./tests/setup/node-polyfills.mjs']
    .filter(Boolean)
    .join(' '),
}

const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1)

/** Steps side by side: the live one streams; each other one's output is printed whole when it ends. */
async function runTogether(group: Step[]): Promise<string[]> {
  console.info(`\n▶ ${group.map((step) => step.name).join(', ')} (side by side)`)
  const results = await Promise.all(
    group.map(
      (step) =>
        new Promise<{ step: Step; ok: boolean }>((resolve) => {
          const stepStart = Date.now()
          const child = spawn(step.command, step.args, {
            env: stepEnv,
            stdio: step.live ? 'inherit' : 'pipe',
          })
          const output: Buffer[] = []
          child.stdout?.on('data', (chunk: Buffer) => output.push(chunk))
          child.stderr?.on('data', (chunk: Buffer) => output.push(chunk))
          const finish = (ok: boolean, problem?: string) => {
            const text = Buffer.concat(output).toString().trimEnd()
            if (text) console.info(text)
            if (problem) console.error(problem)
            if (ok) console.info(`✓ ${step.name} (${seconds(stepStart)} s)`)
            else console.error(`✗ ${step.name} failed after ${seconds(stepStart)} s`)
            resolve({ step, ok })
          }
          child.on('error', (error) => finish(false, error.message))
          child.on('close', (code) => finish(code === 0))
        }),
    ),
  )
  return results.filter((result) => !result.ok).map((result) => result.step.name)
}

rmSync('test-results', { recursive: true, force: true })
const started = Date.now()
let failedStep: string | undefined
for (const stage of stages) {
  if (stage.some((step) => step.name === 'unit and integration')) {
    // The Vitest project `postgres` needs PostgreSQL before it starts.
    try {
      ensurePostgres()
    } catch (error) {
      console.error(`\n✗ unit and integration: ${(error as Error).message}`)
      failedStep = 'unit and integration'
      break
    }
  }
  const failed = await runTogether(stage)
  if (failed.length > 0) failedStep = failed.join(', ')
  if (failedStep) break
}

const [unitPassed, unitFailed] = counts('test-results/vitest-results.json', (json) => [
  Number(json.numPassedTests ?? 0),
  Number(json.numFailedTests ?? 0),
])
const [e2ePassed, e2eFailed] = counts('test-results/e2e-results.json', (json) => {
  const stats = (json.stats ?? {}) as Record<string, number>
  return [Number(stats.expected ?? 0) + Number(stats.flaky ?? 0), Number(stats.unexpected ?? 0)]
})
const minutes = ((Date.now() - started) / 60000).toFixed(1)
console.info(
  `\nnpm test finished in ${minutes} min${failedStep ? `; failed at: ${failedStep}` : ''}`,
)
const failed = unitFailed + e2eFailed + (failedStep && unitFailed + e2eFailed === 0 ? 1 : 0)
console.info(`${unitPassed + e2ePassed} passed, ${failed} failed`)
process.exit(failedStep ? 1 : 0)
