/**
 * What went wrong with storage on this device, kept once per page: the shopper is told the first time
 * (a toast and a note in the cart), not on every failed write.
 */
export type StorageProblem = 'unavailable' | 'quota' | 'write-failed'

let current: StorageProblem | null = null
const listeners = new Set<() => void>()

export function reportStorageProblem(problem: StorageProblem): void {
  if (current) return
  current = problem
  for (const listener of listeners) listener()
}

export function getStorageProblem(): StorageProblem | null {
  return current
}

export function subscribeStorageProblem(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** For tests: a fresh page. */
export function resetStorageProblem(): void {
  current = null
}

export function isQuotaError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { name } = error as { name?: unknown }
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED'
}

/** The words the shopper sees. */
export function storageProblemMessage(problem: StorageProblem): {
  title: string
  description: string
} {
  const keptInMemory = 'Your cart and wishlist still work until you close this page.'
  switch (problem) {
    case 'unavailable':
      return {
        title: 'Your cart will not be saved on this device',
        description: `This browser is not letting the shop store data (private browsing can do this). ${keptInMemory}`,
      }
    case 'quota':
      return {
        title: 'Your cart could not be saved on this device',
        description: `The device is out of storage space. ${keptInMemory}`,
      }
    case 'write-failed':
      return {
        title: 'Your cart could not be saved on this device',
        description: keptInMemory,
      }
  }
}
