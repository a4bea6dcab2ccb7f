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
    scrollRestoration: history ? false : () => !scrollIsTheShoppers,
  })
}

let scrollIsTheShoppers = false

/**
 * A prebuilt page can be scrolled before the app takes it over (on a slow phone, seconds after it
 * shows): the router leaves that scroll where the shopper put it, instead of putting the page back at
 * its top, until the first move to another page.
 */
export function keepScrollUntilNavigation(router: ReturnType<typeof createAppRouter>) {
  scrollIsTheShoppers = true
  const stop = router.subscribe('onBeforeNavigate', () => {
    scrollIsTheShoppers = false
    stop()
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
