/**
 * Everything this device keeps about orders, in one place: where each piece lives, the version of its
 * format, and how data saved by an older app version is brought up to date.
 *
 * - On the device (localStorage, shared by the tabs): the private links of orders placed here
 *   (`saved-orders.ts`) and the orders waiting in the outbox as the waiting screen shows them
 *   (`queued-orders.ts`). The outbox's requests themselves are in IndexedDB with the rest of the app's
 *   state (app/persist.ts, versioned there).
 * - In this tab (sessionStorage: it ends with the tab, so personal details do not linger on a shared
 *   phone): the key of the order being placed, the checkout form's draft, an M-Pesa prompt in progress,
 *   and what the checkout hands to the order page after placing (`checkout-storage.ts`). Where
 *   sessionStorage is missing or full, these live in memory for the page's lifetime.
 *
 * Every reader checks what it reads and passes over what it does not understand, so a value that is
 * damaged, or written by a newer app version, is never trusted and never deleted by reading it.
 */

/** Where each piece lives. The names are what earlier versions wrote: they must not change. */
export const orderDeviceKeys = {
  savedOrders: 'luxe.orders',
  queuedOrders: 'luxe.checkout.queued',
} as const

export const orderTabKeys = {
  attempt: 'luxe.checkout.attempt',
  draft: 'luxe.checkout.draft',
  mpesa: 'luxe.checkout.mpesa',
  /** "Prompt this M-Pesa number", handed to the order page after placing. */
  payNow: 'luxe.checkout.pay-now',
  /** "Send me to the card payment page", handed to the order page after placing. */
  payByCard: 'luxe.checkout.pay-by-card',
} as const

/** The version of the format above; the device records the version its data was written in. */
export const orderDataVersion = 1
export const orderDataVersionKey = 'luxe.orders.version'

/**
 * The upgrades, in order: `upgrades[n - 1]` turns version n's data into version n + 1's. Version 1 is
 * the first format, so there is nothing to upgrade yet; a change of format adds its step here and
 * raises `orderDataVersion`.
 */
const upgrades: ReadonlyArray<(storage: Storage) => void> = []

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

let upgraded = false

/**
 * Brings this device's order data to the current format, once per page. Data from a newer app version
 * (the shopper went back to an older one) is left as it is: nothing is dropped, readers take what they
 * understand, and the newer version finds its data intact.
 */
export function upgradeOrderDeviceData(): void {
  if (upgraded) return
  upgraded = true
  const storage = localStorageOrNull()
  if (!storage) return
  try {
    const recorded = Number(storage.getItem(orderDataVersionKey) ?? '1')
    const from = Number.isInteger(recorded) && recorded >= 1 ? recorded : 1
    if (from > orderDataVersion) return
    for (let version = from; version < orderDataVersion; version++) upgrades[version - 1]!(storage)
    if (from !== orderDataVersion || storage.getItem(orderDataVersionKey) === null) {
      storage.setItem(orderDataVersionKey, String(orderDataVersion))
    }
  } catch {
    // Storage refused: the readers' checks still apply to whatever is there.
  }
}

/** The parsed value under a device key (undefined when missing, unreadable or storage is blocked). */
export function readDeviceValue(key: string): unknown {
  upgradeOrderDeviceData()
  const storage = localStorageOrNull()
  try {
    const text = storage?.getItem(key)
    return text == null ? undefined : (JSON.parse(text) as unknown)
  } catch {
    return undefined
  }
}

/** The raw text under a device key, for readers that keep a snapshot while it is unchanged. */
export function readDeviceText(key: string): string | null {
  upgradeOrderDeviceData()
  return localStorageOrNull()?.getItem(key) ?? null
}

/** Writes a device value; false when storage refused it (full, blocked). */
export function writeDeviceValue(key: string, value: unknown): boolean {
  upgradeOrderDeviceData()
  try {
    const storage = localStorageOrNull()
    if (!storage) return false
    storage.setItem(key, JSON.stringify(value))
    return true
  } catch {
    return false
  }
}

export function removeDeviceValue(key: string): void {
  try {
    localStorageOrNull()?.removeItem(key)
  } catch {
    // nothing stored
  }
}

/** What could not be written to sessionStorage; it is then the newer of the two. */
const tabMemory = new Map<string, string>()

export function readTabValue(key: string): unknown {
  let text: string | null | undefined = tabMemory.get(key)
  if (text === undefined) {
    try {
      text = window.sessionStorage.getItem(key)
    } catch {
      text = null
    }
  }
  if (text == null) return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

export function writeTabValue(key: string, value: unknown): void {
  const text = JSON.stringify(value)
  try {
    window.sessionStorage.setItem(key, text)
    tabMemory.delete(key)
  } catch {
    tabMemory.set(key, text)
  }
}

export function removeTabValue(key: string): void {
  tabMemory.delete(key)
  try {
    window.sessionStorage.removeItem(key)
  } catch {
    // nothing stored
  }
}

/**
 * Forgets every piece above (at sign-out, which must leave no personal data behind). Orders still in
 * the outbox are the outbox's to cancel. Readers that keep a snapshot are told by their own clear
 * functions (saved-orders' `clearSavedOrders`).
 */
export function forgetOrderDeviceData(): void {
  for (const key of Object.values(orderDeviceKeys)) removeDeviceValue(key)
  for (const key of Object.values(orderTabKeys)) removeTabValue(key)
}
