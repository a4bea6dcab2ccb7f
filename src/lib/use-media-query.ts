import { useCallback, useSyncExternalStore } from 'react'

/** Chakra's `lg` breakpoint and up (the desktop layout). */
export const largeScreenQuery = '(min-width: 64em)'

const lists = new Map<string, MediaQueryList | undefined>()

function mediaQueryList(query: string): MediaQueryList | undefined {
  if (!lists.has(query)) lists.set(query, window.matchMedia?.(query))
  return lists.get(query)
}

/**
 * Whether a media query matches, kept up to date. For parts that CSS would hide anyway: not rendering
 * them saves building and styling their elements. Where matchMedia is missing, `fallback`.
 */
export function useMediaQuery(query: string, fallback = true): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = mediaQueryList(query)
      list?.addEventListener('change', onChange)
      return () => list?.removeEventListener('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(
    subscribe,
    () => mediaQueryList(query)?.matches ?? fallback,
    () => fallback,
  )
}
