import { createRouter } from '@tanstack/react-router'
import { routeTree } from '@/routeTree.gen'
import { ErrorPage } from '@/components/error-page'
import { PageLoading } from '@/components/page-loading'

export const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  defaultPendingComponent: PageLoading,
  // Errors inside a page show the error page within the shell (header and footer still work).
  defaultErrorComponent: ErrorPage,
  defaultPendingMs: 150,
  scrollRestoration: true,
})

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}
