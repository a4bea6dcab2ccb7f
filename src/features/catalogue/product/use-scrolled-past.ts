import { useEffect, useState, type RefObject } from 'react'

/**
 * Whether an element has scrolled away above the top of the screen (not merely below the fold, where
 * the shopper has not reached it yet).
 */
export function useScrolledPast(target: RefObject<Element | null>): boolean {
  const [past, setPast] = useState(false)
  useEffect(() => {
    const element = target.current
    if (!element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setPast(!entry.isIntersecting && entry.boundingClientRect.bottom <= 0)
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [target])
  return past
}
