import './page-scroll-lock.css'

let scrollLocks = 0
/** The rule that gives the scrollbar's width back to a locked page, once a page had a scrollbar. */
let gutter: HTMLStyleElement | undefined

function giveBackScrollbar(width: number): void {
  const rule = `.page-scroll-lock{padding-inline-end:${width}px}`
  if (!gutter) {
    gutter = document.createElement('style')
    document.head.append(gutter)
  }
  if (gutter.textContent !== rule) gutter.textContent = rule
}

/**
 * The page behind an open modal (a drawer, the email offer) does not scroll; the scrollbar's width is
 * given back as padding so nothing shifts. Locks nest: the page scrolls again once every lock is
 * released. A class (styled in page-scroll-lock.css, the padding in a rule written here), not inline
 * styles: a Chakra dialog opened on top sets and restores the body's inline overflow itself, in whatever
 * order the two close. The rule names only the class, so the browser works out again the body's style
 * alone. Returns the release (calling it again does nothing).
 */
export function lockPageScroll(): () => void {
  const { body, documentElement } = document
  if (scrollLocks++ === 0) {
    // A phone's scrollbars overlay the page and take no width: nothing to give back.
    const scrollbar = window.innerWidth - documentElement.clientWidth
    if (scrollbar > 0 || gutter) giveBackScrollbar(Math.max(scrollbar, 0))
    body.classList.add('page-scroll-lock')
  }
  let released = false
  return () => {
    if (released) return
    released = true
    if (--scrollLocks === 0) {
      body.classList.remove('page-scroll-lock')
    }
  }
}
