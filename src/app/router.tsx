import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { routeTree } from '@/routeTree.gen'
import { PageLoading } from '@/components/page-loading'
import { RouteErrorPage } from '@/app/route-error-page'

/**
 * The app's router. The build's prerendering gives each page a memory history of its own, and no scroll
 * restoration (whose server-side script the browser's render would not match).
 */
export function createAppRouter(history?: RouterHistory) {
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    defaultPendingComponent: PageLoading,
    // Errors inside a page show within the shell (header and footer still work); a page whose code
    // cannot be fetched offline says that it needs a connection.
    defaultErrorComponent: RouteErrorPage,
    defaultPendingMs: 150,
    scrollRestoration: !history,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
