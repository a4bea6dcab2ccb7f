// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { createGuardedStorage, type KeyValueBackend } from '@/lib/storage/guarded-storage'

function memoryBackend(initial: Record<string, unknown> = {}, failReads = false) {
  const data = new Map(Object.entries(initial))
  const writes: string[] = []
  const backend: KeyValueBackend = {
    getItem: async (key) => {
      if (failReads) throw new Error('read failed')
      return data.get(key) ?? null
    },
    setItem: async (key, value) => {
      writes.push(key)
      data.set(key, value)
      return value
    },
    removeItem: async (key) => {
      data.delete(key)
    },
  }
  return { backend, data, writes }
}

describe('guarded storage', () => {
  it('does not write a key before it was read', async () => {
    const { backend, writes } = memoryBackend({ cart: { items: [1] } })
    const storage = createGuardedStorage(backend)
    await storage.setItem('cart', { items: [] })
    expect(writes).toEqual([])
    expect(storage.canWrite('cart')).toBe(false)
    await storage.getItem('cart')
    await storage.setItem('cart', { items: [] })
    expect(writes).toEqual(['cart'])
  })

  it('does not write after a failed read', async () => {
    const { backend, writes } = memoryBackend({}, true)
    const storage = createGuardedStorage(backend)
    await expect(storage.getItem('cart')).rejects.toThrow('read failed')
    await storage.setItem('cart', { items: [] })
    await storage.removeItem('cart')
    expect(writes).toEqual([])
  })

  it('skips writes that change nothing and tells listeners about real ones', async () => {
    const { backend, writes, data } = memoryBackend({ cart: { b: 1, a: 2 } })
    const storage = createGuardedStorage(backend)
    const heard: string[] = []
    storage.onWrite((key) => heard.push(key))
    await storage.getItem('cart')
    await storage.setItem('cart', { a: 2, b: 1 })
    expect(writes).toEqual([])
    const value = { a: 3 }
    await storage.setItem('cart', value)
    value.a = 4
    expect(data.get('cart')).toEqual({ a: 3 })
    expect(heard).toEqual(['cart'])
  })

  it('treats an empty key as holding the initial value when told so', async () => {
    const { backend, writes } = memoryBackend()
    const storage = createGuardedStorage(backend)
    await storage.getItem('cart')
    storage.treatEmptyAs('cart', { items: [] })
    await storage.setItem('cart', { items: [] })
    expect(writes).toEqual([])
    await storage.setItem('cart', { items: [1] })
    expect(writes).toEqual(['cart'])
  })
})
