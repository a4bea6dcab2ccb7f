import type { ReactNode } from 'react'
import { Provider as ReduxProvider } from 'react-redux'
import type { AppStore, RootState } from './store'

/**
 * App-wide providers: the Redux store. `serverState`: the state a prebuilt page was rendered in, which
 * hydration reads instead of the store's. Chakra's provider is not here: the pages and widgets that use
 * its components bring it with their own code (components/ui/chakra-scope.tsx).
 */
export function AppProvider({
  store,
  serverState,
  children,
}: {
  store: AppStore
  serverState?: RootState
  children: ReactNode
}) {
  return (
    <ReduxProvider store={store} serverState={serverState}>
      {children}
    </ReduxProvider>
  )
}
