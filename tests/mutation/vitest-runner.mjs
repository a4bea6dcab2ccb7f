import { declareFactoryPlugin, PluginKind } from '@stryker-mutator/api/plugin'
import { strykerPlugins as vitestPlugins } from '@stryker-mutator/vitest-runner'

/**
 * Stryker's Vitest runner (9.6, the last for Node 20), made to run the tests that cover a mutant under
 * Vitest 5. It picks those tests with a name pattern built from the suite and test names joined by
 * spaces, but Vitest 5 matches the pattern against names joined by " > ": no test inside a `describe`
 * matched, every test was skipped and every mutant "survived" having run no test. Here each space of
 * the pattern also matches " > ". (A test is still told apart by its whole name.)
 *
 * The runner also asks for Vitest's `threads` pool; the tests run in `forks` instead, as in `npm test`.
 * (Either way, on a machine loaded far past its cores a worker can miss Vitest's 60-second start limit
 * and the run stops with "Failed to start ... worker": run it again when the machine is quieter.)
 */
const vitest = vitestPlugins.find((plugin) => plugin.name === 'vitest')
if (!vitest)
  throw new Error('@stryker-mutator/vitest-runner no longer declares the "vitest" runner')

export const eitherSeparator = (pattern) =>
  pattern instanceof RegExp
    ? new RegExp(pattern.source.replaceAll(' ', '(?: | > )'), pattern.flags)
    : pattern

function createRunner(injector) {
  const runner = vitest.factory(injector)
  const init = runner.init.bind(runner)
  runner.init = async () => {
    await init()
    for (const project of runner.ctx.projects) {
      project.config.pool = 'forks'
      let pattern = eitherSeparator(project.config.testNamePattern)
      Object.defineProperty(project.config, 'testNamePattern', {
        configurable: true,
        enumerable: true,
        get: () => pattern,
        set: (value) => {
          pattern = eitherSeparator(value)
        },
      })
    }
  }
  return runner
}
createRunner.inject = vitest.factory.inject

export const strykerPlugins = [
  declareFactoryPlugin(PluginKind.TestRunner, 'vitest-5', createRunner),
]

export { strykerValidationSchema } from '@stryker-mutator/vitest-runner'
