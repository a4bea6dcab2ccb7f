import type { Catalogue } from '../types'
import { catalogueLoader } from './catalogue-loader'

let fromBuild: Catalogue | undefined

/**
 * A prebuilt page shows the catalogue the build rendered it from until the live one is in memory; its
 * titles name what it shows.
 */
export function titlesFromBuild(catalogue: Catalogue) {
  fromBuild = catalogue
}

function known(): Catalogue | undefined {
  return catalogueLoader.peek() ?? fromBuild
}

/**
 * Page titles from the catalogue already in memory, for route `head`s. Never waits for the network: on a
 * cold start the route shows a fallback title and the page asks the router to refresh it once the
 * catalogue is in.
 */
export function productName(slugOrId: string): string | undefined {
  const products = known()?.products ?? []
  return (
    products.find((product) => product.id === slugOrId) ??
    products.find((product) => product.slug === slugOrId)
  )?.name
}

export function brandName(slug: string): string | undefined {
  return known()?.brands.find((brand) => brand.slug === slug)?.name
}
