/**
 * Resolves in a later task: the browser paints and handles input between the pieces of a long piece of
 * work that awaits it. `scheduler.yield()` where there is one (the work goes on ahead of other queued
 * tasks), else a zero timeout.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}
