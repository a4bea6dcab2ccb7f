import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { AppProvider } from '@/app/provider'
import { makeStore, type AppStore } from '@/app/store'
import { Toaster } from '@/components/toaster'
import { ChakraScope } from '@/components/ui/chakra-scope'

/**
 * Renders screens inside the real providers and a small router (home, /checkout, /wishlist), starting
 * at `path`. `page` is what the index route shows; `chrome` is always shown, like the app shell. Both
 * get the Chakra scope the app's shell gives a page, and a lazily loaded part's loader gives the part.
 */
export async function renderApp({
  chrome,
  page = null,
  path = '/',
  store = makeStore(),
}: {
  chrome?: ReactNode
  page?: ReactNode
  path?: string
  store?: AppStore
}) {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <ChakraScope>{chrome}</ChakraScope>
        <main>
          <ChakraScope>
            <Outlet />
          </ChakraScope>
        </main>
        <Toaster />
      </>
    ),
  })
  const routes = [
    createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => page }),
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/checkout',
      component: () => <h1>Checkout page</h1>,
    }),
    createRoute({ getParentRoute: () => rootRoute, path: '/wishlist', component: () => page }),
  ]
  const router = createRouter({
    routeTree: rootRoute.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [path] }),
  })
  await router.load()
  const view = render(
    <AppProvider store={store}>
      <RouterProvider router={router} />
    </AppProvider>,
  )
  return { ...view, store, router }
}
