/**
 * Calls `callback` once the page has loaded (its load event), at once if it already has. Returns a
 * function that cancels a call not yet made.
 */
export function onPageLoad(callback: () => void): () => void {
  if (document.readyState === 'complete') {
    callback()
    return () => {}
  }
  window.addEventListener('load', callback, { once: true })
  return () => window.removeEventListener('load', callback)
}
