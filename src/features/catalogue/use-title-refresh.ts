import { useRouter } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { pageTitle } from '@/lib/page-title'

/**
 * Route heads read names from the catalogue in memory. On a cold start it is not there yet, so once the
 * page knows the name it asks the router to run its loader and head again.
 */
export function useTitleRefresh(name: string | undefined) {
  const router = useRouter()
  const refreshedFor = useRef<string | undefined>(undefined)
  useEffect(() => {
    if (!name || refreshedFor.current === name) return
    refreshedFor.current = name
    if (document.title !== pageTitle(name)) void router.invalidate()
  }, [name, router])
}
