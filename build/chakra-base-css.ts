import { ChakraProvider } from '@chakra-ui/react/styled-system'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import type { Plugin } from 'vite'
import { system } from '../src/components/ui/chakra-theme'

const id = 'virtual:chakra-base.css'
const resolvedId = `\0${id}.css`

/**
 * The styles Chakra's provider would insert at start-up (the layer order, the reset, the store's global
 * styles and every token's CSS variable), written out at build time from the app's own system. The app's
 * entry imports them as a plain stylesheet, so every page, plain or not, paints with the same reset and
 * tokens before any script runs, and Chakra's runtime is needed only by the parts that use its components.
 */
export function chakraBaseCss(): string {
  const html = renderToStaticMarkup(
    createElement(ChakraProvider, { value: system, children: null }),
  )
  const sheets = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]!)
  if (sheets.length === 0) throw new Error("Chakra's provider rendered no styles.")
  return sheets.join('\n')
}

/** `import 'virtual:chakra-base.css'`: see chakraBaseCss(). */
export function chakraBaseCssPlugin(): Plugin {
  return {
    name: 'luxe-chakra-base-css',
    resolveId(source) {
      return source === id ? resolvedId : undefined
    },
    load(source) {
      return source === resolvedId ? chakraBaseCss() : undefined
    },
  }
}
