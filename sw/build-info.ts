/**
 * The version of this build and the names of every cache it owns.
 *
 * The version is a hash of the precache manifest (every hashed asset URL plus index.html's revision), so it
 * changes exactly when the shipped app changes: rebuilding unchanged code never asks shoppers to update.
 * `CACHE_SCHEMA` is bumped by hand when what a cache holds changes shape.
 */
import type { PrecacheEntry } from 'workbox-precaching'

const CACHE_SCHEMA = 1
export const CACHE_PREFIX = 'luxe'
/** Workbox names its precache `<prefix>-<id>`; set through setCacheNameDetails in sw.ts. */
export const PRECACHE_ID = `precache-v${CACHE_SCHEMA}`

function fnv1a(text: string): string {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0).toString(36)
}

export function buildVersion(entries: Array<PrecacheEntry | string>): string {
  const key = entries
    .map((entry) => (typeof entry === 'string' ? entry : `${entry.url}@${entry.revision ?? ''}`))
    .sort()
    .join('|')
  return `v${CACHE_SCHEMA}-${fnv1a(key)}`
}

export interface CacheNames {
  /** Workbox's precache: versioned per entry (revision or hashed name), so unchanged files are kept. */
  precache: string
  /** The catalogue JSON: tied to this build, so a new app never reads a catalogue cached for an old one. */
  catalogue: string
  /**
   * Product images: public, bounded by age and count. Tied to the cache schema rather than the build, so a
   * new release does not make shoppers on metered data download every picture again.
   */
  images: string
  /** Staff's product photos at the sizes viewed: bounded by count and age like the images, apart. */
  photos: string
  /** Prebuilt pages as visited: tied to the build, whose hashed files they name. */
  pages: string
  /**
   * Hashed scripts and styles left out of the precache, as fetched: tied to the cache schema like the
   * images, since a hashed file never changes and a release keeps most of them.
   */
  assets: string
}

export function cacheNames(version: string): CacheNames {
  return {
    precache: `${CACHE_PREFIX}-${PRECACHE_ID}`,
    catalogue: `${CACHE_PREFIX}-catalogue-${version}`,
    images: `${CACHE_PREFIX}-images-v${CACHE_SCHEMA}`,
    photos: `${CACHE_PREFIX}-photos-v${CACHE_SCHEMA}`,
    pages: `${CACHE_PREFIX}-pages-${version}`,
    assets: `${CACHE_PREFIX}-assets-v${CACHE_SCHEMA}`,
  }
}
