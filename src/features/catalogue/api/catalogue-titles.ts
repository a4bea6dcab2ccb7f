import type { Catalogue } from '../types'
import { buildCatalogue } from './build-catalogue'
import { catalogueLoader } from './catalogue-loader'

/** A prebuilt page shows the build's catalogue until the live one is in memory: titles name what it shows. */
function known(): Catalogue | undefined {
  return catalogueLoader.peek() ?? buildCatalogue()
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
