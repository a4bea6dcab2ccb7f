import type { RequestOptions } from './db'

/** The listeners of committed writes, and the wrapper that tells them after a request commits. */
export function commitNotices() {
  const listeners = new Set<() => void>()
  return {
    onCommit(listener: () => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    async after<T>(opts: RequestOptions, run: () => Promise<T>): Promise<T> {
      const result = await run()
      if (!opts.readOnly && !opts.rollback) for (const listener of listeners) listener()
      return result
    },
  }
}
