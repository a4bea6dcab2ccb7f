/**
 * One flush at a time. Within a tab, a flush asked for while one runs makes that one go round again
 * (so nothing queued meanwhile is missed) and shares its promise. Across tabs, the Web Locks API queues
 * the tabs one after another where the browser has it; where it does not, the server's idempotency keys
 * still make a double send harmless.
 */
const LOCK_NAME = 'luxe-outbox-flush'

export function createFlushLock<T>(run: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined
  let again = false

  const exclusive = (): Promise<T> => {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
    return locks ? (locks.request(LOCK_NAME, () => run()) as Promise<T>) : run()
  }

  return () => {
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      try {
        let result: T
        do {
          again = false
          result = await exclusive()
        } while (again)
        return result
      } finally {
        running = undefined
      }
    })()
    return running
  }
}
