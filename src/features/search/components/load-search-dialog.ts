/** The dialog's code (dialog machinery, engine, result list) is fetched on first use, or on idle. */
export const loadSearchDialog = () => import('./search-dialog-view')

/**
 * When the dialog closes, focus goes back to what opened it. If that was the side menu's search box,
 * that focus must not open the dialog again.
 */
let closedAt = 0

export function noteSearchClosed() {
  closedAt = performance.now()
}

export function isFocusReturning(): boolean {
  return performance.now() - closedAt < 400
}
