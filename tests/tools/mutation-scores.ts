/**
 * After the groups' `stryker run`s: each module's mutants by outcome and its mutation score, and a
 * non-zero exit if any module scores below 90%.
 *
 * The score counts only mutants a test killed: a timed-out mutant (its tests ran past the time limit,
 * which a loaded machine causes as readily as a mutant that loops) is left out of the score rather
 * than counted as caught. Stryker's own figure, with timeouts as caught, is shown beside it.
 */
import { readdirSync, readFileSync } from 'node:fs'

interface Mutant {
  status: string
  mutatorName: string
  replacement?: string
  location: { start: { line: number; column: number } }
}
interface Report {
  files: Record<string, { mutants: Mutant[] }>
}

const MINIMUM = 90
const dir = 'reports/mutation'
const files: Report['files'] = {}
for (const name of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
  Object.assign(files, (JSON.parse(readFileSync(`${dir}/${name}`, 'utf8')) as Report).files)
}

const percent = (part: number, whole: number) =>
  (whole === 0 ? 100 : (part / whole) * 100).toFixed(1).padStart(5)
let failing = 0
console.info(`\nmutation score per module (minimum ${MINIMUM}%; timeouts left out of the score)`)
console.info(
  'result  score  killed survived no-cover timeout ignored  with-timeouts-as-killed  module',
)
for (const [file, { mutants }] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
  const count = (...statuses: string[]) => mutants.filter((m) => statuses.includes(m.status)).length
  const killed = count('Killed')
  const survived = count('Survived')
  const noCoverage = count('NoCoverage')
  const timeout = count('Timeout')
  const ignored = count('Ignored')
  // Errors (a mutant that does not compile or crashes the runner) are neither caught nor missed.
  const score = percent(killed, killed + survived + noCoverage)
  const stryker = percent(killed + timeout, killed + timeout + survived + noCoverage)
  const ok = Number(score) >= MINIMUM
  if (!ok) failing += 1
  const n = (value: number, width = 6) => String(value).padStart(width)
  console.info(
    `${ok ? '  ok  ' : ' FAIL '} ${score}%  ${n(killed)} ${n(survived, 8)} ${n(noCoverage, 8)} ${n(timeout, 7)} ${n(ignored, 7)}  ${stryker}%                   ${file}`,
  )
  for (const m of mutants.filter((m) => m.status === 'Survived' || m.status === 'NoCoverage')) {
    console.info(
      `         ${m.status} ${file}:${m.location.start.line}:${m.location.start.column} ${m.mutatorName} ${JSON.stringify(m.replacement ?? '').slice(0, 80)}`,
    )
  }
}
if (failing > 0) {
  console.error(`\n${failing} module(s) below ${MINIMUM}%`)
  process.exit(1)
}
