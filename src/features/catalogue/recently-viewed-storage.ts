import { recentlyViewedLimit, type RecentlyViewedState } from './catalogue-slice'

const productCode = /^[\w-]{1,80}$/

/** Keeps the product codes that look like product codes, without repeats, newest first. */
export function validateSavedRecentlyViewed(
  saved: Record<string, unknown>,
): RecentlyViewedState | null {
  if (!Array.isArray(saved.ids)) return null
  const ids: string[] = []
  for (const id of saved.ids) {
    if (typeof id !== 'string' || !productCode.test(id) || ids.includes(id)) continue
    ids.push(id)
    if (ids.length === recentlyViewedLimit) break
  }
  return { ids }
}

/** Products opened before the saved list was read come first, then the saved ones. */
export function mergeSavedRecentlyViewed(
  saved: Partial<RecentlyViewedState>,
  current: RecentlyViewedState,
): RecentlyViewedState {
  const ids = [...current.ids]
  for (const id of saved.ids ?? []) if (!ids.includes(id)) ids.push(id)
  return { ids: ids.slice(0, recentlyViewedLimit) }
}
