import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { ensureChromium } from './tools/ensure-chromium'

/**
 * `npm test`: every check, in order of cost: types, lint, formatting, unit and integration tests, then the
 * browser end-to-end tests against `npm start`. Stops at the first failing step and exits non-zero.
 * Ends with one plain line: `N passed, N failed`.
 */
interface Step {
  name: string
  command: string
  args: string[]
}

const bin = (name: string) => `node_modules/.bin/${name}`
const steps: Step[] = [
  { name: 'types', command: bin('tsc'), args: ['-b'] },
  { name: 'lint', command: bin('eslint'), args: ['.', '--max-warnings=0'] },
  { name: 'format', command: bin('prettier'), args: ['--check', '.', '--log-level=warn'] },
  {
    name: 'unit and integration',
    command: bin('vitest'),
    args: [
      'run',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=test-results/vitest-results.json',
    ],
  },
  { name: 'end-to-end', command: bin('playwright'), args: ['test'] },
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

rmSync('test-results', { recursive: true, force: true })
const started = Date.now()
let failedStep: string | undefined
for (const step of steps) {
  if (step.name === 'end-to-end') {
    try {
      ensureChromium()
    } catch (error) {
      console.error(`\n✗ ${step.name}: ${(error as Error).message}`)
      failedStep = step.name
      break
    }
  }
  console.info(`\n▶ ${step.name}`)
  const stepStart = Date.now()
  const result = spawnSync(step.command, step.args, { stdio: 'inherit', env: stepEnv })
  const seconds = ((Date.now() - stepStart) / 1000).toFixed(1)
  if (result.status !== 0) {
    console.error(`✗ ${step.name} failed after ${seconds} s`)
    failedStep = step.name
    break
  }
  console.info(`✓ ${step.name} (${seconds} s)`)
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
