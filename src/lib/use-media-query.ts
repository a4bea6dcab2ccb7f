import { useCallback, useSyncExternalStore } from 'react'

/** Chakra's `lg` breakpoint and up (the desktop layout). */
export const largeScreenQuery = '(min-width: 64em)'

const lists = new Map<string, MediaQueryList | undefined>()

function mediaQueryList(query: string): MediaQueryList | undefined {
  if (!lists.has(query)) lists.set(query, window.matchMedia?.(query))
  return lists.get(query)
}

/**
 * Set once a prebuilt page's parts for other screens have been taken out (dropPartsForOtherScreens):
 * from then on its hydration reads the media queries as they are here, not as the page was built.
 */
let builtPartsResolved = false

/**
 * Whether a media query matches, kept up to date. For parts that CSS would hide anyway: not rendering
 * them saves building and styling their elements. Where matchMedia is missing, and when the pages are
 * built, `fallback`.
 *
 * A part rendered only while the query matches carries `data-media={query}` on its outer element: a
 * prebuilt page has it (built with `fallback`, true for the wide screens' parts), and on a screen where
 * the query does not match it is taken out before hydration, which then builds the page as this screen
 * shows it. Without that, a phone would hydrate the desktop's menus and filters only to delete them.
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
  const current = () => mediaQueryList(query)?.matches ?? fallback
  // Hydrating a prebuilt page: its part is there if it was built (`fallback`) and not taken out here.
  return useSyncExternalStore(subscribe, current, () =>
    builtPartsResolved ? fallback && current() : fallback,
  )
}

/**
 * Before a prebuilt page is hydrated: takes out the parts built for screens this one is not (marked
 * `data-media`, see useMediaQuery), so that the hydration finds the page as it renders it here.
 */
export function dropPartsForOtherScreens(root: ParentNode): void {
  for (const part of root.querySelectorAll<HTMLElement>('[data-media]')) {
    const query = part.dataset.media!
    if (!(mediaQueryList(query)?.matches ?? true)) part.remove()
  }
  builtPartsResolved = true
}
