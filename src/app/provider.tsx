import { ChakraProvider } from '@chakra-ui/react/styled-system'
import type { ReactNode } from 'react'
import { Provider as ReduxProvider } from 'react-redux'
import type { AppStore, RootState } from './store'
import { system } from './theme'

/**
 * App-wide providers: the design system and the Redux store. `serverState`: the state a prebuilt page
 * was rendered in, which hydration reads instead of the store's.
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
    <ChakraProvider value={system}>
      <ReduxProvider store={store} serverState={serverState}>
        {children}
      </ReduxProvider>
    </ChakraProvider>
  )
}
