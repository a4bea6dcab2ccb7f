import { catalogueLoader } from './catalogue-loader'

/**
 * Page titles from the catalogue already in memory, for route `head`s. Never waits for the network: on a
 * cold start the route shows a fallback title and the page asks the router to refresh it once the
 * catalogue is in.
 */
export function productName(slugOrId: string): string | undefined {
  const products = catalogueLoader.peek()?.products ?? []
  return (
    products.find((product) => product.id === slugOrId) ??
    products.find((product) => product.slug === slugOrId)
  )?.name
}

export function brandName(slug: string): string | undefined {
  return catalogueLoader.peek()?.brands.find((brand) => brand.slug === slug)?.name
}
