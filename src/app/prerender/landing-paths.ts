import { blogSlugs, brandSlugs, paths } from '@/config/paths'
import { productCategories, type Catalogue } from '@/features/catalogue/types'

/** Pages a shopper only reaches from inside the app: never prerendered, never in the sitemap. */
const appOnly = new Set<string>([
  paths.search,
  paths.auth,
  paths.checkout,
  paths.account,
  paths.wishlist,
  paths.admin,
  paths.adminDashboard,
])

/**
 * The pages shoppers land on (from a search engine, a shared link, the home screen): the home page, the
 * category and listing pages, every product, brand and article, and the content pages. The build renders
 * each to HTML; the sitemap lists them.
 */
export function landingPaths(catalogue: Catalogue): string[] {
  const fixed = Object.values(paths)
    .filter((path) => typeof path === 'string')
    .filter((path) => !appOnly.has(path) && !path.startsWith(`${paths.admin}/`))
  return [
    ...fixed,
    ...productCategories.map((category) => paths.productsIn(category)),
    ...brandSlugs.map((slug) => paths.brand(slug)),
    ...blogSlugs.map((slug) => paths.blogArticle(slug)),
    ...catalogue.products.map((product) => paths.product(product.slug)),
  ]
}
