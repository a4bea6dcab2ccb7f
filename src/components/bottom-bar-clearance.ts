/**
 * A bar fixed to the bottom of the screen keeps the page readable: while it shows, the page ends above
 * it (the body gains its height as bottom padding) and floating buttons rise above it (they are
 * translated up by `var(--bottom-bar-height)`, which moves no box: no layout shift). Returns the release.
 */
export function reserveBottomBar(height: number): () => void {
  const root = document.documentElement
  const body = document.body
  root.style.setProperty('--bottom-bar-height', `${height}px`)
  body.style.paddingBottom = `${height}px`
  return () => {
    root.style.removeProperty('--bottom-bar-height')
    body.style.removeProperty('padding-bottom')
  }
}
