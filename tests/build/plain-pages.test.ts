// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * Chakra's runtime stays off the start-up path: the app's entry, and every page marked `plainStyles`,
 * reach no Chakra or Emotion module through their static imports (what a lazily loaded part brings with
 * `import()` is not followed, and `import type` costs nothing at run time). A page that renders a Chakra
 * component while marked plain would fail in the browser with no provider: this finds it before.
 */
const root = resolve(import.meta.dirname, '../..')
const routesDir = join(root, 'src/routes')
const heavy = /^@chakra-ui\/|^@emotion\/|^@ark-ui\/|^@zag-js\//

function resolveLocal(from: string, specifier: string): string | undefined {
  let base: string
  if (specifier.startsWith('@/')) base = join(root, 'src', specifier.slice(2))
  else if (specifier.startsWith('@shared/'))
    base = join(root, 'supabase/functions/_shared', specifier.slice('@shared/'.length))
  else if (specifier.startsWith('.')) base = resolve(dirname(from), specifier)
  else return undefined
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ]
  return candidates.find((file) => /\.tsx?$/.test(file) && existsSync(file))
}

/** The static, value-level imports of one file. */
function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const specifiers: string[] = []
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause
      const typeOnly =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          clause.namedBindings &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((element) => element.isTypeOnly))
      if (!typeOnly) specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text)
    } else if (
      ts.isExportDeclaration(statement) &&
      statement.moduleSpecifier &&
      !statement.isTypeOnly
    ) {
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text)
    }
  }
  return specifiers
}

/**
 * Every heavy package reached from `start`, with the chain of files that leads to it. From the entry, a
 * route file other than the root is not followed: the router's build splits each page's component (and
 * what it imports) into a chunk of its own, loaded when the page opens; the pages are checked one by one.
 */
function heavyImports(start: string, { stopAtPages = false } = {}): string[] {
  const found: string[] = []
  const seen = new Set<string>()
  const walk = (file: string, chain: string[]) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const specifier of staticImports(file)) {
      if (heavy.test(specifier)) {
        found.push(
          [...chain, file, specifier].map((part) => part.replace(`${root}/`, '')).join(' → '),
        )
        continue
      }
      const next = resolveLocal(file, specifier)
      const page = next?.startsWith(`${routesDir}/`) && !next.endsWith('__root.tsx')
      if (next && !(stopAtPages && page)) walk(next, [...chain, file])
    }
  }
  walk(start, [])
  return found
}

const plainRoutes = readdirSync(routesDir)
  .filter((name) => /\.tsx$/.test(name))
  .filter((name) => /plainStyles:\s*true/.test(readFileSync(join(routesDir, name), 'utf8')))

describe('the start-up path', () => {
  it.each(['src/main.tsx', 'src/app/start-libraries.ts', 'src/app/start.tsx'])(
    "loads no Chakra or Emotion from the app's entry or its start (%s)",
    (file) => {
      expect(heavyImports(join(root, file), { stopAtPages: true })).toEqual([])
    },
  )

  it('has plain pages to check, the home page among them', () => {
    expect(plainRoutes).toContain('index.tsx')
  })

  it.each(plainRoutes)('loads no Chakra or Emotion for the plain page %s', (name) => {
    expect(heavyImports(join(routesDir, name))).toEqual([])
  })

  it("loads no Chakra or Emotion for the shell's PWA prompts, which every page loads without a Chakra scope", () => {
    expect(heavyImports(join(root, 'src/app/pwa/pwa-prompts.tsx'))).toEqual([])
  })

  it.each([
    'src/components/drawer-view.tsx',
    'src/features/cart/components/cart-drawer.tsx',
    'src/components/header/side-menu.tsx',
    'src/features/catalogue/components/listing-view.tsx',
  ])(
    'loads no Chakra or Emotion for the drawers every page can open without a Chakra scope: %s',
    (file) => {
      expect(heavyImports(join(root, file))).toEqual([])
    },
  )

  it('finds a Chakra import when there is one (the check can fail)', () => {
    expect(heavyImports(join(root, 'src/components/ui/chakra-scope.tsx'))).not.toEqual([])
  })
})
