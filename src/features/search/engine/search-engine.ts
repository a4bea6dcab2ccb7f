import { searchLimits } from '@/config/site'
import { paths } from '@/config/paths'
import { discountedPrice } from '@/lib/money'
import { searchablePages } from './page-index'
import { prepareQuery } from './query'
import { TextIndex } from './text-index'
import type { SearchableBrand, SearchablePage, SearchableProduct, SearchResult } from './types'

export interface SearchEngine {
  /** Adds products to the index; call in chunks to keep each call short. */
  addProducts(products: readonly SearchableProduct[]): void
  /** Replaces the watch brands (a dozen: rebuilt whole). */
  setBrands(brands: readonly SearchableBrand[]): void
  /** Products, then luxury and smart watch brands, then pages, within the limits. */
  search(query: string): SearchResult[]
  readonly productCount: number
}

export type SearchLimits = Record<keyof typeof searchLimits, number>

function productResult(product: SearchableProduct): SearchResult {
  const result: SearchResult = {
    type: 'product',
    id: product.id,
    productId: product.id,
    name: product.name,
    category: product.category,
    price: discountedPrice(product.price, product.discount ?? 0),
    path: paths.product(product.id),
  }
  if (product.image) result.image = product.image
  if (product.brand) result.brand = product.brand
  return result
}

function brandResult(brand: SearchableBrand): SearchResult {
  const luxury = brand.kind === 'luxury'
  const result: SearchResult = {
    type: luxury ? 'luxury-watch-brand' : 'smart-watch-brand',
    id: brand.id,
    name: brand.name,
    category: brand.category,
    description: brand.description,
    path: luxury ? paths.luxuryWatches : paths.smartWatches,
  }
  if (brand.logo) result.logo = brand.logo
  return result
}

function pageResult(page: SearchablePage): SearchResult {
  const result: SearchResult = { type: 'page', id: page.id, name: page.name, path: page.path }
  if (page.description) result.description = page.description
  return result
}

interface BrandIndex {
  index: TextIndex
  brands: SearchableBrand[]
}

function indexBrands(brands: readonly SearchableBrand[], kind: 'luxury' | 'smart'): BrandIndex {
  const index = new TextIndex()
  const kept = brands.filter((brand) => brand.kind === kind)
  for (const brand of kept) {
    // Luxury houses also match on their country ("swiss" finds Rolex); smart brands do not.
    const fields = [brand.name, brand.category, brand.description]
    index.add(kind === 'luxury' ? [...fields, brand.country] : fields)
  }
  return { index, brands: kept }
}

export function createSearchEngine(
  options: { pages?: readonly SearchablePage[]; limits?: SearchLimits } = {},
): SearchEngine {
  const limits = options.limits ?? searchLimits
  const pages = options.pages ?? searchablePages
  // Field order is rank order: name, then brand and category, then the description.
  const productIndex = new TextIndex({ weakFrom: 3 })
  const products: SearchableProduct[] = []
  const pageIndex = new TextIndex()
  for (const page of pages) pageIndex.add([page.name, page.keywords.join(' ')])
  let luxury = indexBrands([], 'luxury')
  let smart = indexBrands([], 'smart')

  return {
    addProducts(batch) {
      for (const product of batch) {
        const category = product.subcategory
          ? `${product.category} ${product.subcategory}`
          : product.category
        productIndex.add([product.name, product.brand, category, product.description])
        products.push(product)
      }
    },
    setBrands(brands) {
      luxury = indexBrands(brands, 'luxury')
      smart = indexBrands(brands, 'smart')
    },
    search(raw) {
      const query = prepareQuery(raw)
      if (!query) return []
      const brandHits = (brandIndex: BrandIndex, limit: number) =>
        brandIndex.index
          .search(query, limits.brandCandidates)
          .slice(0, limit)
          .map((doc) => brandResult(brandIndex.brands[doc]!))
      const results = [
        ...productIndex.search(query, limits.products).map((doc) => productResult(products[doc]!)),
        ...brandHits(luxury, limits.luxuryBrands),
        ...brandHits(smart, limits.smartBrands),
        ...pageIndex.search(query, limits.pages).map((doc) => pageResult(pages[doc]!)),
      ]
      return results.slice(0, limits.total)
    },
    get productCount() {
      return products.length
    },
  }
}
