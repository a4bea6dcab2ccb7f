import { useEffect, useState, type RefObject } from 'react'

/**
 * Whether an element has scrolled away above the top of the screen (not merely below the fold, where
 * the shopper has not reached it yet). Read on scroll and resize, once a frame: an intersection
 * observer would miss a jump from below the fold to above the top, which never crosses the screen.
 */
export function useScrolledPast(target: RefObject<Element | null>): boolean {
  const [past, setPast] = useState(false)
  useEffect(() => {
    let frame = 0
    const check = () => {
      frame = 0
      const element = target.current
      if (!element) return
      // An element with no box (hidden, or not laid out) has not been scrolled past.
      const box = element.getBoundingClientRect()
      setPast(box.height > 0 && box.bottom <= 0)
    }
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check)
    }
    schedule()
    window.addEventListener('scroll', schedule, { passive: true })
    window.addEventListener('resize', schedule, { passive: true })
    return () => {
      if (frame) cancelAnimationFrame(frame)
      window.removeEventListener('scroll', schedule)
      window.removeEventListener('resize', schedule)
    }
  }, [target])
  return past
}
