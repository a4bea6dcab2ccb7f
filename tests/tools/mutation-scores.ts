/**
 * After the groups' `stryker run`s: the mutation score of each module (killed and timed-out mutants over all that a
 * test could have caught) and a non-zero exit if any is below 90%.
 */
import { readdirSync, readFileSync } from 'node:fs'

interface Report {
  files: Record<string, { mutants: Array<{ status: string }> }>
}

const MINIMUM = 90
const dir = 'reports/mutation'
const files: Report['files'] = {}
for (const name of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
  Object.assign(files, (JSON.parse(readFileSync(`${dir}/${name}`, 'utf8')) as Report).files)
}
const report: Report = { files }
let failing = 0
console.info('\nmutation score per module (minimum 90%)')
for (const [file, { mutants }] of Object.entries(report.files).sort(([a], [b]) =>
  a.localeCompare(b),
)) {
  const count = (...statuses: string[]) => mutants.filter((m) => statuses.includes(m.status)).length
  const detected = count('Killed', 'Timeout')
  const undetected = count('Survived', 'NoCoverage')
  const total = detected + undetected
  const score = total === 0 ? 100 : (detected / total) * 100
  if (score < MINIMUM) failing += 1
  console.info(
    `${score >= MINIMUM ? '  ok ' : 'FAIL '} ${score.toFixed(1).padStart(5)}%  ${String(detected).padStart(4)}/${String(total).padEnd(4)} ${file}`,
  )
}
if (failing > 0) {
  console.error(`\n${failing} module(s) below ${MINIMUM}%`)
  process.exit(1)
}
