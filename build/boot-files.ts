/**
 * What the app starts with, read from the build's chunk graph (Vite's bundle, or its manifest): the files
 * the app loader fetches with the entry (build/app-loader.ts), whose stylesheets every page carries, and
 * which the bench counts as the first route's code.
 *
 * src/main.tsx imports the app in stages, each run in a task of its own: the libraries, then the app's
 * modules; the app's start in turn imports React's DOM renderer the same way. So the start is: the
 * entry and what it imports statically; each module the entry imports dynamically (a stage) and what
 * that imports statically; and each library a stage imports dynamically. A stage's other dynamic
 * imports (pages, drawers, the Supabase client) are loaded when needed, not at start.
 */

/**
 * The libraries every page needs before it can render (React, the router, Redux) go in one file: split
 * into the many small chunks the bundler would otherwise make, they cost a phone on a slow link one
 * round trip after another (six at a time over HTTP/1.1) for no saving, since the first page needs all
 * of them.
 */
export const firstRouteLibraries =
  /node_modules[\\/](react|react-dom|scheduler|react-redux|redux|redux-thunk|@reduxjs[\\/]toolkit|immer|reselect|use-sync-external-store|@tanstack[\\/](react-router|router-core|history|store|react-store))[\\/]/

/** A chunk of the build: what it imports, and the module it stands for (for a library, its path). */
export interface BootNode {
  imports?: readonly string[]
  dynamicImports?: readonly string[]
  /** The chunk's own module (a manifest's key, a bundle chunk's facade module). */
  module?: string | null
}

/** The keys of `graph` the app starts with, from `entry`, the entry first. */
export function bootKeys(graph: ReadonlyMap<string, BootNode>, entry: string): string[] {
  const keys: string[] = []
  const add = (key: string) => {
    if (keys.includes(key) || !graph.has(key)) return
    keys.push(key)
    graph.get(key)!.imports?.forEach(add)
  }
  add(entry)
  const stages = graph.get(entry)?.dynamicImports ?? []
  for (const stage of stages) add(stage)
  for (const stage of stages) {
    for (const library of graph.get(stage)?.dynamicImports ?? []) {
      if (firstRouteLibraries.test(graph.get(library)?.module ?? library)) add(library)
    }
  }
  return keys
}

/** `bootKeys` of a Vite build manifest (`dist/.vite/manifest.json`), whose keys name the modules. */
export function manifestBootKeys(
  manifest: Readonly<Record<string, { imports?: string[]; dynamicImports?: string[] }>>,
): string[] {
  const graph = new Map(
    Object.entries(manifest).map(([key, chunk]) => [key, { ...chunk, module: key }]),
  )
  return bootKeys(graph, 'index.html')
}
