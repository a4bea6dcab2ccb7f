import type { Catalogue } from '../types'

let fromBuild: Catalogue | undefined

/**
 * The catalogue a prebuilt page was rendered from, shown until the live one is in memory. A module of
 * its own, with nothing to import: the app's first code sets it, and the catalogue's loading code
 * (fetched later) reads it.
 */
export function rememberBuildCatalogue(catalogue: Catalogue) {
  fromBuild = catalogue
}

export function buildCatalogue(): Catalogue | undefined {
  return fromBuild
}
