import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  type AnyRoute,
} from '@tanstack/react-router'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { AppProvider } from '@/app/provider'
import { ChakraScope } from '@/components/ui/chakra-scope'
import { makeStore, type AppStore, type RootState } from '@/app/store'
import { catalogueReceived } from '@/features/catalogue/catalogue-slice'
import { catalogue as fixture } from './catalogue-fixture'

/**
 * Renders screens in the real providers and a small memory router. `routes` build the pages under test
 * (with their own validateSearch); every other path renders its own pathname in an h1, so a test can
 * see where a link went. The store starts with the fixture catalogue loaded unless told otherwise.
 */
export async function renderRoute({
  routes,
  path = '/',
  chrome,
  store,
  state,
  withCatalogue = true,
}: {
  routes: (root: AnyRoute) => AnyRoute[]
  path?: string
  chrome?: ReactNode
  store?: AppStore
  state?: Partial<RootState>
  withCatalogue?: boolean
}) {
  const appStore = store ?? makeStore(state)
  if (withCatalogue) {
    appStore.dispatch(catalogueReceived({ catalogue: fixture, fromDevice: false }))
  }
  const rootRoute = createRootRoute({
    component: () => (
      <>
        {chrome}
        <main>
          {/* As the shell gives a page that still uses Chakra's components (a plain page ignores it). */}
          <ChakraScope>
            <Outlet />
          </ChakraScope>
        </main>
      </>
    ),
  })
  const elsewhere = createRoute({
    getParentRoute: () => rootRoute,
    path: '$',
    component: function Elsewhere() {
      const { _splat } = elsewhere.useParams()
      return <h1>Page /{_splat}</h1>
    },
  })
  const router = createRouter({
    routeTree: rootRoute.addChildren([...routes(rootRoute), elsewhere]),
    history: createMemoryHistory({ initialEntries: [path] }),
  })
  await router.load()
  const view = render(
    <AppProvider store={appStore}>
      <RouterProvider router={router} />
    </AppProvider>,
  )
  return { ...view, store: appStore, router }
}

export { createRoute }
