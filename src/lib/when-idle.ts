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
