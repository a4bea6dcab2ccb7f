import { currentGroup } from './tests/mutation/groups.mjs'

/**
 * Mutation testing of the modules that hold protections, one group at a time (`npm run
 * test:mutation` runs every group; not part of `npm test`). Every mutant no test kills is either
 * killed by a new test or explained by a comment at its line. `tests/tools/mutation-scores.ts` prints
 * the score of each module and fails below 90%.
 */
const group = currentGroup()

export default {
  // Stryker's Vitest runner keeps one Vitest alive and, from the first run's per-test coverage, runs
  // only the tests that reach each mutant. `vitest-5` is that runner with its test filter fixed for
  // Vitest 5 (see tests/mutation/vitest-runner.mjs); its config holds one project with the group's
  // tests, in Vitest's `forks` pool (see tests/mutation/vitest.config.ts).
  testRunner: 'vitest-5',
  plugins: ['./tests/mutation/vitest-runner.mjs'],
  vitest: { configFile: 'tests/mutation/vitest.config.ts', related: false },
  coverageAnalysis: 'perTest',
  concurrency: 1,
  mutate: group.mutate,
  reporters: ['clear-text', 'progress-append-only', 'json'],
  jsonReporter: { fileName: `reports/mutation/${group.name}.json` },
  clearTextReporter: { allowColor: false, logTests: false },
  thresholds: { high: 95, low: 90, break: null },
  // A mutant that loops is cut off after this; the scores are given with and without such timeouts.
  timeoutMS: 20000,
  timeoutFactor: 3,
  // Vitest strips types without checking them, so the files need no `@ts-nocheck` (saves a pass
  // over every file).
  disableTypeChecks: false,
  ignorePatterns: [
    '/.stryker-tmp*',
    '/reports',
    '/dist',
    '/dev-dist',
    '/test-results',
    '/.data*',
    '/e2e',
    '/public',
    '/.ci',
  ],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
}
