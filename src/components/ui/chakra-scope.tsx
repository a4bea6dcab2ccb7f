import { ChakraProvider } from '@chakra-ui/react/styled-system'
import { createContext, useContext, type ComponentType, type ReactNode } from 'react'
// Every token's CSS variable, the keyframes and the variables Chakra's style props read, as a static
// stylesheet built from this same system (build/chakra-base-css.ts): the pages' own sheet carries only
// the reset and the tokens plain pages use. It arrives with this module's chunk, before it runs.
import 'virtual:chakra-tokens.css'
import { system } from './chakra-theme'

/**
 * The system a scope provides. The reset, the global styles and the tokens are on the page from the
 * static stylesheets above, so a scope does not insert them again: mounting one (opening a drawer, a
 * dialog, a toast) then costs no style work for the whole document.
 */
const scopedSystem: typeof system = { ...system, _global: [] }

const InsideScope = createContext(false)

/**
 * Chakra's components for what is inside: a page or a widget that still uses them. The pages shoppers
 * land on are plain elements with static CSS, so Chakra's runtime (the system, Emotion) loads only with
 * the first part that needs it: this module is imported by lazily loaded code only. Scopes nest freely;
 * only the outermost provides.
 */
export function ChakraScope({ children }: { children: ReactNode }) {
  const inside = useContext(InsideScope)
  if (inside) return children
  return (
    <ChakraProvider value={scopedSystem}>
      <InsideScope.Provider value>{children}</InsideScope.Provider>
    </ChakraProvider>
  )
}

const wrapped = new WeakMap<ComponentType<never>, ComponentType<never>>()

/** `Part` inside a Chakra scope; the same component each time for the same part (no remounting). */
export function withChakra<P extends object>(Part: ComponentType<P>): ComponentType<P> {
  const known = wrapped.get(Part as ComponentType<never>)
  if (known) return known as ComponentType<P>
  function InChakraScope(props: P) {
    return (
      <ChakraScope>
        <Part {...props} />
      </ChakraScope>
    )
  }
  InChakraScope.displayName = `InChakraScope(${Part.displayName ?? Part.name})`
  wrapped.set(Part as ComponentType<never>, InChakraScope as ComponentType<never>)
  return InChakraScope
}
