import './page-scroll-lock.css'

let scrollLocks = 0

/**
 * The page behind an open modal (a drawer, the email offer) does not scroll; the scrollbar's width is
 * given back as padding so nothing shifts. Locks nest: the page scrolls again once every lock is
 * released. A class (styled in page-scroll-lock.css), not inline styles: a Chakra dialog opened on top
 * sets and restores the body's inline overflow itself, in whatever order the two close. Returns the
 * release (calling it again does nothing).
 */
export function lockPageScroll(): () => void {
  const { body, documentElement } = document
  if (scrollLocks++ === 0) {
    // A phone's scrollbars overlay the page and take no width: nothing to give back.
    const scrollbar = window.innerWidth - documentElement.clientWidth
    if (scrollbar > 0) body.style.setProperty('--page-scrollbar-width', `${scrollbar}px`)
    body.classList.add('page-scroll-lock')
  }
  let released = false
  return () => {
    if (released) return
    released = true
    if (--scrollLocks === 0) {
      body.classList.remove('page-scroll-lock')
      body.style.removeProperty('--page-scrollbar-width')
    }
  }
}
