import { newClientOrderId } from './client-order-id'

const KEY = 'luxe:device-id'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * This device's random id, kept in localStorage: the database counts a guest's orders per device a
 * day. Without storage (private mode) each call makes a new one, which only the phone and address
 * limits then count.
 */
export function deviceId(): string {
  try {
    const kept = localStorage.getItem(KEY)
    if (kept && UUID.test(kept)) return kept
    const made = newClientOrderId()
    localStorage.setItem(KEY, made)
    return made
  } catch {
    return newClientOrderId()
  }
}
