import { discountedPrice } from '@/lib/money'
import type { Product } from '../types'
import { splitList, type ListingSearch, type SortKey } from './listing-search'
import { titleFromSlug, type ListingPreset } from './presets'
import { compareText } from '@/lib/compare-text'

/** The price a shopper pays, in whole KES: filters and price sorting use it. */
export function sellingPrice(product: Product): number {
  return discountedPrice(product.price, product.discount)
}

export interface FacetOption {
  value: string
  label: string
  count: number
}

export interface Facets {
  categories: FacetOption[]
  brands: FacetOption[]
  sizes: FacetOption[]
  colors: FacetOption[]
  /** Lowest and highest price paid in the list, whole KES. */
  prices: { min: number; max: number }
}

function lower(values: readonly string[]): Set<string> {
  return new Set(values.map((value) => value.toLowerCase()))
}

/** Applies the shopper's filters (every filter must hold; within one, any chosen value will do). */
export function applyFilters(products: readonly Product[], search: ListingSearch): Product[] {
  const brands = lower(splitList(search.brand))
  const sizes = lower(splitList(search.size))
  const colors = lower(splitList(search.color))
  const { category, min, max } = search
  return products.filter((product) => {
    if (category && product.category !== category && product.subcategory !== category) return false
    if (brands.size && !brands.has(product.brand.toLowerCase())) return false
    if (sizes.size && !product.sizes.some((size) => sizes.has(size.toLowerCase()))) return false
    if (colors.size && !product.colors.some((color) => colors.has(color.toLowerCase())))
      return false
    const price = sellingPrice(product)
    if (min !== undefined && price < min) return false
    if (max !== undefined && price > max) return false
    if (search.sale && product.discount <= 0) return false
    if (search.new && !product.newArrival) return false
    return true
  })
}

const newest = (a: Product, b: Product) => compareText(b.createdAt, a.createdAt)

const comparators: Record<SortKey, (a: Product, b: Product) => number> = {
  featured: (a, b) =>
    Number(b.featured) - Number(a.featured) || b.rating - a.rating || newest(a, b),
  newest,
  'price-asc': (a, b) => sellingPrice(a) - sellingPrice(b),
  'price-desc': (a, b) => sellingPrice(b) - sellingPrice(a),
  rating: (a, b) => b.rating - a.rating,
  discount: (a, b) => b.discount - a.discount,
}

/** A new sorted list; ties keep a fixed order (by product code) so pages never reshuffle. */
export function sortProducts(products: readonly Product[], sort: SortKey = 'featured'): Product[] {
  const compare = comparators[sort]
  return [...products].sort((a, b) => compare(a, b) || compareText(a.id, b.id))
}

function count(values: Iterable<string>, labelOf: (value: string) => string): FacetOption[] {
  const counts = new Map<string, number>()
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1)
  return [...counts].map(([value, total]) => ({ value, label: labelOf(value), count: total }))
}

const letterSizes = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL']

/** Letter sizes in wearing order, then numbers ascending, then the rest alphabetically. */
function compareSizes(a: string, b: string): number {
  const letterA = letterSizes.indexOf(a)
  const letterB = letterSizes.indexOf(b)
  if (letterA >= 0 || letterB >= 0) {
    if (letterA < 0) return 1
    if (letterB < 0) return -1
    return letterA - letterB
  }
  const numberA = Number.parseFloat(a.replace(/^\D+/, ''))
  const numberB = Number.parseFloat(b.replace(/^\D+/, ''))
  if (Number.isFinite(numberA) && Number.isFinite(numberB) && numberA !== numberB) {
    return numberA - numberB
  }
  return compareText(a, b)
}

/** What the filters can offer for a list, with how many products have each value. */
export function facetsFor(products: readonly Product[], preset: ListingPreset): Facets {
  const categories = count(
    products.flatMap((product) => {
      const value = preset.facet === 'category' ? product.category : product.subcategory
      return value ? [value] : []
    }),
    titleFromSlug,
  ).sort((a, b) => compareText(a.label, b.label))
  const brands = count(
    products.flatMap((product) => (product.brand ? [product.brand] : [])),
    (value) => value,
  ).sort((a, b) => b.count - a.count || compareText(a.label, b.label))
  const sizes = count(
    products.flatMap((product) => product.sizes),
    (value) => value,
  ).sort((a, b) => compareSizes(a.value, b.value))
  const colors = count(
    products.flatMap((product) => product.colors),
    (value) => value,
  ).sort((a, b) => b.count - a.count || compareText(a.label, b.label))
  const prices = products.map(sellingPrice)
  return {
    categories,
    brands,
    sizes,
    colors,
    prices: {
      min: prices.length ? Math.min(...prices) : 0,
      max: prices.length ? Math.max(...prices) : 0,
    },
  }
}
