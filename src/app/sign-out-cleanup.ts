import type { Middleware } from '@reduxjs/toolkit'
import { signedOut } from '@/features/auth/auth-slice'

/**
 * Sign-out must leave no personal data on the device (a shared phone is common). Slices clear their own
 * state on `signedOut`; what features keep outside the store (checkout's order links, drafts and queued
 * order details) is cleared here, loaded only when a shopper actually signs out.
 */
export const signOutCleanup: Middleware = () => (next) => (action) => {
  const result = next(action)
  if (signedOut.match(action)) {
    void import('@/features/checkout/saved-orders').then(
      (module) => module.clearCheckoutDeviceData(),
      () => {
        // The checkout code could not load (offline, never cached): nothing of it was stored either.
      },
    )
  }
  return result
}
