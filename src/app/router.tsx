import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { routeTree } from '@/routeTree.gen'
import { ErrorPage } from '@/components/error-page'
import { PageLoading } from '@/components/page-loading'

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
    // Errors inside a page show the error page within the shell (header and footer still work).
    defaultErrorComponent: ErrorPage,
    defaultPendingMs: 150,
    scrollRestoration: !history,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
