import localforage from 'localforage'
import { nextTask } from '@/lib/next-task'
import type { Catalogue } from '../types'
import { decodeStoredCatalogue } from './decode-catalogue'

/** Where the last good catalogue is kept on the device, so browsing works offline from the first visit. */
export interface CatalogueCache {
  read(): Promise<Catalogue | undefined>
  write(catalogue: Catalogue): Promise<void>
}

const cacheKey = 'catalogue'
/** 2: the list and its details, merged; `createdAt` is a day. A copy in another format is not read. */
const cacheFormat = 2

interface StoredCatalogue {
  format: number
  savedAt: string
  catalogue: Catalogue
}

let store: LocalForage | undefined

/**
 * Its own database, not a second store in the shopper's `luxe-kenya` one: adding a store there would
 * need a version upgrade that interrupts the cart's reads and writes.
 */
export const catalogueDatabase = 'luxe-kenya-catalogue'

function catalogueStore(): LocalForage {
  store ??= localforage.createInstance({ name: catalogueDatabase, storeName: 'catalogue' })
  return store
}

/**
 * IndexedDB through localforage. Every failure (private mode, quota, a copy from another version) reads
 * as "nothing cached": the network copy still works, it is just not kept.
 */
export const deviceCatalogueCache: CatalogueCache = {
  async read() {
    try {
      const stored = await catalogueStore().getItem<StoredCatalogue>(cacheKey)
      if (!stored || stored.format !== cacheFormat) return undefined
      // Stored data is re-checked: it may have been written by an older app or edited by hand.
      const catalogue = decodeStoredCatalogue(stored.catalogue)
      return catalogue.products.length > 0 ? catalogue : undefined
    } catch (error) {
      console.warn('The saved catalogue could not be read', error)
      return undefined
    }
  },
  async write(catalogue) {
    // Storing copies the whole catalogue in the calling task (20-25 ms at 4x CPU): in a task of its own,
    // not the one that handed the catalogue to the page (and re-rendered it).
    await nextTask()
    try {
      const stored: StoredCatalogue = {
        format: cacheFormat,
        savedAt: new Date().toISOString(),
        catalogue,
      }
      await catalogueStore().setItem(cacheKey, stored)
    } catch (error) {
      console.warn('The catalogue could not be saved on this device', error)
    }
  },
}
