import { currentGroup } from './tests/mutation/groups.mjs'

/**
 * Mutation testing of the modules that hold protections, one group at a time (`npm run
 * test:mutation` runs every group; not part of `npm test`). Every mutant no test kills is either
 * killed by a new test or explained by a comment at its line. `tests/tools/mutation-scores.ts` prints
 * the score of each module and fails below 90%.
 */
const group = currentGroup()

export default {
  // The command runner starts Vitest afresh per mutant (the mutant is chosen through the environment).
  // Stryker's Vitest runner is not used: its last version for Node 20 (9.x) never activates a mutant
  // under Vitest 5, so every mutant "survives".
  testRunner: 'command',
  commandRunner: {
    command:
      'node_modules/.bin/vitest run --config tests/mutation/vitest.config.ts --bail=1 --reporter=dot',
  },
  coverageAnalysis: 'off',
  concurrency: 1,
  mutate: group.mutate,
  reporters: ['clear-text', 'progress-append-only', 'json'],
  jsonReporter: { fileName: `reports/mutation/${group.name}.json` },
  clearTextReporter: { allowColor: false, logTests: false },
  thresholds: { high: 95, low: 90, break: null },
  timeoutMS: 10000,
  ignorePatterns: ['/.stryker-tmp*', '/reports', '/dist', '/dev-dist', '/test-results', '/.data*'],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
}
