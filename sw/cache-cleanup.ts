/**
 * On activate, every cache of ours that the new version does not use is deleted: old catalogue copies,
 * old precaches, caches of earlier cache schemas. Caches not named by this app are left alone.
 */
import { CACHE_PREFIX, type CacheNames } from './build-info'

export async function deleteOtherCaches(current: CacheNames): Promise<void> {
  const keep = new Set<string>(Object.values(current))
  const names = await caches.keys()
  await Promise.all(
    names
      .filter((name) => name.startsWith(`${CACHE_PREFIX}-`) && !keep.has(name))
      .map((name) => caches.delete(name)),
  )
}
