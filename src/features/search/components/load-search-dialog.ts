/** The dialog's code (dialog machinery, engine, result list) is fetched on first use, or on idle. */
export const loadSearchDialog = () => import('./search-dialog-view')

/**
 * When the dialog closes, focus goes back to what opened it. If that was the side menu's search box,
 * that focus must not open the dialog again. The dialog lets focus go only once it has closed, which on
 * a slow phone comes well after the close was asked for (at 8× CPU, 600 ms): so the box ignores focus
 * from the moment the close is asked for until shortly after the dialog has finished closing.
 */
let closing = false
let closedAt = -Infinity

/** The dialog is asked to close. */
export function noteSearchClosed() {
  closing = true
}

/** The dialog has finished closing (its exit animation is over). */
export function noteSearchGone() {
  closing = false
  closedAt = performance.now()
}

export function isFocusReturning(): boolean {
  return closing || performance.now() - closedAt < 400
}
