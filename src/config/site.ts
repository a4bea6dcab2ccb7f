/**
 * Everything a screen needs to know about the store: the shared facts (name, fees, hours) plus the
 * interface constants (timings, limits, rates). No screen hard-codes a fee, a rate, a delay or the
 * store name.
 */
export {
  affiliates,
  counties,
  delivery,
  money,
  payments,
  promotions,
  returnsPolicy,
  store,
  type County,
} from '@shared/store-config'

export const timings = {
  splashVisibleMs: 5000,
  splashStepMs: 50,
  splashStepPercent: 2,
  splashHandOffMs: 300,
  emailPopupDelayMs: 5000,
  searchDelayMs: 200,
  chatCheckoutRedirectMs: 500,
  chatQuickOptionDelayMs: 100,
  newsletterSimulatedWaitMs: 1000,
  toastMs: 4000,
  menuOpenDelayMs: 200,
  menuCloseDelayMs: 150,
  tooltipDelayMs: 700,
} as const

export const searchLimits = {
  total: 15,
  products: 8,
  pages: 3,
  luxuryBrands: 2,
  smartBrands: 2,
  brandCandidates: 5,
} as const

/** Keys of everything the app keeps on the device (redux-persist keys are one per slice). */
export const storageKeys = {
  cart: 'cart',
  wishlist: 'wishlist',
  currency: 'currency',
  affiliate: 'affiliate_code',
  emailPopupSeen: 'email_popup_seen',
  recentlyViewed: 'recently_viewed',
  outbox: 'outbox',
} as const

export const placeholderImage = '/placeholder.svg'
