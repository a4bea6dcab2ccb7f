import type { Catalogue } from '../types'
import { buildCatalogue } from './build-catalogue'
import { catalogueLoader } from './catalogue-loader'

/** A prebuilt page shows the build's catalogue until the live one is in memory: titles name what it shows. */
async function known(): Promise<Catalogue | undefined> {
  return catalogueLoader.peek() ?? (await buildCatalogue())
}

/**
 * Page titles from the catalogue already in memory (or a prebuilt page's own), for route `head`s. Never
 * waits for the live catalogue: on a cold start without one the route shows a fallback title and the
 * page asks the router to refresh it once the catalogue is in.
 */
export async function productName(slugOrId: string): Promise<string | undefined> {
  const products = (await known())?.products ?? []
  return (
    products.find((product) => product.id === slugOrId) ??
    products.find((product) => product.slug === slugOrId)
  )?.name
}

export async function brandName(slug: string): Promise<string | undefined> {
  return (await known())?.brands.find((brand) => brand.slug === slug)?.name
}
