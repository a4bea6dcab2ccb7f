import { useRouter, useRouterState } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { pageTitle } from '@/lib/page-title'

/** The title the router's matched routes give the page now (the last `title` wins, as in HeadContent). */
function routeTitle(matches: readonly { meta?: readonly ({ title?: string } | undefined)[] }[]) {
  let title: string | undefined
  for (const match of matches) for (const tag of match.meta ?? []) if (tag?.title) title = tag.title
  return title
}

/**
 * Route heads read names from the catalogue in memory. On a cold start it may not be there yet when the
 * route loads, so once the page knows the name and the router's title does not carry it, the page asks
 * the router to run its loader and head again: once for each name and title it saw, so a head that
 * still cannot know the name does not make it ask for ever.
 */
export function useTitleRefresh(name: string | undefined) {
  const router = useRouter()
  const title = useRouterState({ select: (state) => routeTitle(state.matches) })
  const asked = useRef<string | undefined>(undefined)
  useEffect(() => {
    if (!name || title === pageTitle(name)) return
    const seen = `${name}\n${title ?? ''}`
    if (asked.current === seen) return
    asked.current = seen
    void router.invalidate()
  }, [name, title, router])
}
