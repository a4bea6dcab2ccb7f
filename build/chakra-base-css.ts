import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ChakraProvider } from '@chakra-ui/react/styled-system'
import postcss, { type Declaration, type Rule } from 'postcss'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import type { Plugin } from 'vite'
import { system } from '../src/components/ui/chakra-theme'

const startId = 'virtual:chakra-base.css'
const fullId = 'virtual:chakra-tokens.css'
const resolved = (id: string) => `\0${id}.css`

/**
 * The styles Chakra's provider would insert at start-up (the layer order, the reset, the store's global
 * styles and every token's CSS variable), written out at build time from the app's own system.
 */
export function chakraBaseCss(): string {
  const html = renderToStaticMarkup(
    createElement(ChakraProvider, { value: system, children: null }),
  )
  const sheets = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]!)
  if (sheets.length === 0) throw new Error("Chakra's provider rendered no styles.")
  return sheets.join('\n')
}

/** Custom property names in `text`, escapes included (`--chakra-spacing-1\\.5`). */
const variableNames = (text: string) => new Set(text.match(/--(?:[a-zA-Z0-9_-]|\\.)+/g) ?? [])

/**
 * The part of chakraBaseCss() a page of plain elements needs: the layer order, the reset and the global
 * styles, with only the custom properties that `used` (the app's own stylesheets and code) names, and
 * those these refer to in turn, and only the keyframes something kept names. Every other token (about 400
 * variables), the keyframes of Chakra's animations and the per-element variables Chakra's style props
 * read (`*{--ring-…;--blur:…}`) come with Chakra's scope (the full sheet), which only its widgets need.
 * Smaller to send and to parse, and no element of a plain page carries two dozen variables of its own.
 */
export function chakraStartCss(full: string, used: string): string {
  const root = postcss.parse(full)
  const wanted = variableNames(used)
  // The variables the kept rules read, then those these refer to, and so on.
  const declarations: Declaration[] = []
  root.walkDecls((declaration) => {
    if (declaration.prop.startsWith('--')) declarations.push(declaration)
    else variableNames(declaration.value).forEach((name) => wanted.add(name))
  })
  for (let grew = true; grew;) {
    grew = false
    for (const declaration of declarations) {
      if (!wanted.has(declaration.prop)) continue
      for (const name of variableNames(declaration.value)) {
        if (!wanted.has(name)) {
          wanted.add(name)
          grew = true
        }
      }
    }
  }
  for (const declaration of declarations) {
    if (!wanted.has(declaration.prop)) declaration.remove()
  }
  const keptText = root.toString() + used
  root.walkAtRules(/keyframes$/, (keyframes) => {
    const name = keyframes.params.trim()
    const named = new RegExp(`(^|[\\s,:(])${name.replace(/[-]/g, '\\-')}([\\s,;)]|$)`, 'm')
    if (!named.test(keptText.replace(keyframes.toString(), ''))) keyframes.remove()
  })
  root.walkRules((rule: Rule) => {
    if (rule.nodes.length === 0) rule.remove()
  })
  return root.toString()
}

/** The app's stylesheets and code, where a plain page's styles name Chakra's variables. */
function appSources(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(css|ts|tsx)$/.test(entry.name))
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
    .join('\n')
}

/**
 * `import 'virtual:chakra-base.css'`: chakraStartCss(), inlined into every page by the entry.
 * `import 'virtual:chakra-tokens.css'`: the whole of chakraBaseCss(), loaded with Chakra's scope.
 */
export function chakraBaseCssPlugin(sourceDir: string): Plugin {
  let full: string | undefined
  const fullCss = () => (full ??= chakraBaseCss())
  return {
    name: 'luxe-chakra-base-css',
    buildStart() {
      full = undefined
    },
    resolveId(source) {
      return source === startId || source === fullId ? resolved(source) : undefined
    },
    load(source) {
      if (source === resolved(fullId)) return fullCss()
      if (source === resolved(startId)) return chakraStartCss(fullCss(), appSources(sourceDir))
      return undefined
    },
  }
}
