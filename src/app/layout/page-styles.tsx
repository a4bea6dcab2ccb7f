import { useRouterState } from '@tanstack/react-router'
import { useEffect, useState, type ReactNode } from 'react'
import { PageLoading } from '@/components/page-loading'
import type * as ChakraScopeModule from '@/components/ui/chakra-scope'

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /**
     * The page renders with plain elements and static CSS only: Chakra's runtime is not loaded for it.
     * Every other page is rendered inside a Chakra scope, loaded before the page shows.
     */
    plainStyles?: boolean
  }
}

type ScopeModule = typeof ChakraScopeModule

let scopeModule: ScopeModule | undefined
let loading: Promise<ScopeModule | undefined> | undefined

/**
 * Fetches Chakra's runtime for the pages that still use it. Never rejects: a failed fetch (offline,
 * before the service worker kept a copy) leaves the page showing its loading state, and the next
 * call, or the connection's return, tries again.
 */
export function loadChakraScope(): Promise<ScopeModule | undefined> {
  loading ??= import('@/components/ui/chakra-scope').then(
    (module) => (scopeModule = module),
    () => {
      loading = undefined
      return undefined
    },
  )
  return loading
}

/** Whether the page being shown (the deepest route matched) is plain: see `plainStyles`. */
export function isPlainPage(matches: readonly { staticData?: { plainStyles?: boolean } }[]) {
  return matches.at(-1)?.staticData?.plainStyles === true
}

/**
 * The page inside the shell: as it is for a plain page; inside a Chakra scope for the others. The root
 * route's loader has fetched the scope by the time such a page renders (so a prebuilt page hydrates
 * against the same tree the build rendered); until then, or while a failed fetch waits for the
 * connection, the page's loading state shows.
 */
export function PageStyles({ children }: { children: ReactNode }) {
  const plain = useRouterState({ select: (state) => isPlainPage(state.matches) })
  const [loaded, setScope] = useState(scopeModule)
  // Fetched by the root route's loader after this mounted (the first move from a plain page to one that
  // is not): in use at once, with no frame of the loading state.
  const scope = loaded ?? scopeModule

  useEffect(() => {
    if (plain || scope) return
    let current = true
    const load = () =>
      void loadChakraScope().then((module) => {
        if (current && module) setScope(module)
      })
    load()
    window.addEventListener('online', load)
    return () => {
      current = false
      window.removeEventListener('online', load)
    }
  }, [plain, scope])

  if (plain) return children
  if (!scope) return <PageLoading />
  return <scope.ChakraScope>{children}</scope.ChakraScope>
}
