import type { Rollup } from 'vite'
import { bootKeys, type BootNode } from './boot-files'

/*
 * The build's chunk graph, read where the app loader is written (vite.config.ts) and by the prerender
 * step: what the app starts with, and what each page's route adds to it.
 */

/**
 * The URL pattern (a regular expression source) of a TanStack file route, from its file name:
 * `index` → `/`, `product.$slug` → `/product/<one segment>`, `blog.index` → `/blog`. A layout route (one
 * with children, like `admin`) also matches every path below it.
 */
export function routePattern(routeFile: string, isLayout = false): string {
  const segments = routeFile.split('.').filter((segment) => segment !== 'index')
  const path = segments
    .map((segment) =>
      segment.startsWith('$') ? '/[^/]+' : `/${segment.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}`,
    )
    .join('')
  if (isLayout) return `^${path}(/.*)?$`
  return path ? `^${path}/?$` : '^/$'
}

export type ChunkFacts = Pick<
  Rollup.OutputChunk,
  'fileName' | 'imports' | 'isEntry' | 'facadeModuleId'
> & {
  /** What the chunk imports dynamically (absent: nothing). */
  dynamicImports?: readonly string[]
  /** The stylesheets Vite loads with the chunk. */
  viteMetadata?: { importedCss: Set<string> }
}

/** The chunks the app starts with (build/boot-files.ts), the entry first. */
export function bootChunks<Chunk extends ChunkFacts>(chunks: readonly Chunk[]): Chunk[] {
  const entry = chunks.find((chunk) => chunk.isEntry)
  if (!entry) return []
  const graph = new Map<string, BootNode>(
    chunks.map((chunk) => [
      chunk.fileName,
      {
        imports: chunk.imports,
        dynamicImports: chunk.dynamicImports,
        module: chunk.facadeModuleId,
      },
    ]),
  )
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  return bootKeys(graph, entry.fileName).map((file) => byFile.get(file)!)
}

/**
 * For each file route whose component is split into its own chunk: its URL pattern and the chunks it
 * needs (its own and their static imports) with their stylesheets, leaving out what the app starts
 * with. Files are listed once in `files`; the table refers to them by index.
 */
export function routePreloadTable(chunks: readonly ChunkFacts[]) {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const closure = (start: ChunkFacts, into = new Set<string>()) => {
    if (into.has(start.fileName)) return into
    into.add(start.fileName)
    start.viteMetadata?.importedCss.forEach((css) => into.add(css))
    for (const file of start.imports) {
      const chunk = byFile.get(file)
      if (chunk) closure(chunk, into)
    }
    return into
  }
  const already = new Set<string>()
  for (const chunk of bootChunks(chunks)) closure(chunk, already)
  const routeFiles = chunks.flatMap((chunk) => {
    const match = /\/src\/routes\/([^/]+)\.tsx\?tsr-split=component$/.exec(
      chunk.facadeModuleId ?? '',
    )
    return match ? [{ name: match[1]!, chunk }] : []
  })
  const routeNames = routeFiles.map((route) => route.name)
  const files: string[] = []
  const table = routeFiles.map(({ name, chunk }) => {
    const isLayout = routeNames.some((other) => other.startsWith(`${name}.`))
    const indexes = [...closure(chunk)]
      .filter((file) => !already.has(file))
      .map((file) => {
        if (!files.includes(file)) files.push(file)
        return files.indexOf(file)
      })
    return [routePattern(name, isLayout), indexes] as [pattern: string, files: number[]]
  })
  return { files, table }
}
