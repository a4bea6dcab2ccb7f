import { ChakraProvider } from '@chakra-ui/react/styled-system'
import type { ReactNode } from 'react'
import { Provider as ReduxProvider } from 'react-redux'
import type { AppStore } from './store'
import { system } from './theme'

/** App-wide providers: the design system and the Redux store. */
export function AppProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <ReduxProvider store={store}>{children}</ReduxProvider>
    </ChakraProvider>
  )
}
