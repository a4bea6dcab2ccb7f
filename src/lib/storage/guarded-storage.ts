import { canonicalJson } from './json-guards'

/** The little a key-value store must do (localforage, or a fake in tests). */
export interface KeyValueBackend {
  getItem(key: string): Promise<unknown>
  setItem(key: string, value: unknown): Promise<unknown>
  removeItem(key: string): Promise<void>
}

export interface GuardedStorage extends KeyValueBackend {
  setItem(key: string, value: unknown): Promise<void>
  /** Whether the saved value of this key has been read, so writing it can no longer lose data. */
  canWrite(key: string): boolean
  /** What the key held when last read or written here, as canonical JSON; undefined before a read. */
  storedText(key: string): string | undefined
  /**
   * Declares that an empty key is as good as `value`, so saving `value` there is skipped. A fresh app
   * then does not save its empty state, which could land over what another tab has just saved.
   */
  treatEmptyAs(key: string, value: unknown): void
  /** Called after each write that reached storage (not for skipped ones). */
  onWrite(listener: (key: string) => void): () => void
}

/**
 * Storage that never writes a key before its saved value was read successfully. A slow, failing or
 * unavailable read would otherwise let a fresh, empty state overwrite the shopper's saved cart.
 * Writes that would store what is already there are skipped, which also stops tabs echoing each other.
 * Values are stored as plain JSON-shaped objects, copied when the write is asked for.
 */
export function createGuardedStorage(backend: KeyValueBackend): GuardedStorage {
  const readKeys = new Set<string>()
  const stored = new Map<string, string>()
  const listeners = new Set<(key: string) => void>()

  return {
    async getItem(key) {
      const value = await backend.getItem(key)
      readKeys.add(key)
      stored.set(key, canonicalJson(value))
      return value
    },
    async setItem(key, value) {
      if (!readKeys.has(key)) return
      const text = canonicalJson(value)
      if (stored.get(key) === text) return
      await backend.setItem(key, JSON.parse(text))
      stored.set(key, text)
      for (const listener of listeners) listener(key)
    },
    async removeItem(key) {
      if (!readKeys.has(key)) return
      await backend.removeItem(key)
      stored.set(key, 'null')
    },
    canWrite: (key) => readKeys.has(key),
    storedText: (key) => stored.get(key),
    treatEmptyAs(key, value) {
      if (stored.get(key) === 'null') stored.set(key, canonicalJson(value))
    },
    onWrite(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
