/**
 * A listing's filters, sort and page, as kept in the URL (so a reload, a shared link or the back button
 * shows the same list). Checked by hand: anything invalid in the address is dropped, never a crash.
 * Lists (brands, sizes, colours) are comma-separated: `?brand=Nike,Gucci&size=M`.
 */
export const sortOptions = [
  { value: 'featured', label: 'Featured' },
  { value: 'newest', label: 'Newest' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
  { value: 'rating', label: 'Top rated' },
  { value: 'discount', label: 'Biggest discount' },
] as const

export type SortKey = (typeof sortOptions)[number]['value']

export interface ListingSearch {
  /** A category or subcategory slug (e.g. `shoes`, `dresses`). */
  category?: string
  brand?: string
  size?: string
  color?: string
  /** Price bounds in whole KES, on the price paid (after discount). */
  min?: number
  max?: number
  sale?: boolean
  new?: boolean
  sort?: SortKey
  /** Pages shown (24 products each), from 2 up; 1 is left out of the URL. */
  page?: number
}

export const pageSize = 24
const maxPage = 500
const maxPrice = 100_000_000
const slugPattern = /^[a-z0-9][a-z0-9-]{0,59}$/
// eslint-disable-next-line no-control-regex
const unsafeText = /[\u0000-\u001f\u007f<>]/

function sortKey(value: unknown): SortKey | undefined {
  return sortOptions.find((option) => option.value === value)?.value
}

function wholeNumber(value: unknown, min: number, max: number): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  if (typeof number !== 'number' || !Number.isFinite(number)) return undefined
  const whole = Math.round(number)
  return whole >= min && whole <= max ? whole : undefined
}

function flag(value: unknown): true | undefined {
  return value === true || value === 'true' || value === 1 || value === '1' ? true : undefined
}

/** A comma-separated list of short plain words; bad entries are dropped, repeats removed. */
function textList(value: unknown): string | undefined {
  const parts = Array.isArray(value) ? value : [value]
  const items: string[] = []
  for (const part of parts) {
    if (typeof part !== 'string' && typeof part !== 'number') continue
    for (const raw of String(part).split(',')) {
      const item = raw.trim()
      if (!item || item.length > 60 || unsafeText.test(item) || items.includes(item)) continue
      items.push(item)
      if (items.length === 20) break
    }
  }
  return items.length ? items.join(',') : undefined
}

export function splitList(value: string | undefined): string[] {
  return value ? value.split(',') : []
}

export function joinList(items: readonly string[]): string | undefined {
  return items.length ? items.join(',') : undefined
}

/** TanStack Router's `validateSearch` for every listing and store route. */
export function validateListingSearch(raw: Record<string, unknown>): ListingSearch {
  const search: ListingSearch = {}
  const category = typeof raw.category === 'string' ? raw.category.trim().toLowerCase() : ''
  if (slugPattern.test(category)) search.category = category
  const brand = textList(raw.brand)
  if (brand) search.brand = brand
  const size = textList(raw.size)
  if (size) search.size = size
  const color = textList(raw.color)
  if (color) search.color = color
  let min = wholeNumber(raw.min, 0, maxPrice)
  let max = wholeNumber(raw.max, 0, maxPrice)
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min]
  if (min) search.min = min
  if (max !== undefined) search.max = max
  if (flag(raw.sale)) search.sale = true
  if (flag(raw.new)) search.new = true
  const sort = sortKey(raw.sort)
  if (sort) search.sort = sort
  const page = wholeNumber(raw.page, 2, maxPage)
  if (page) search.page = page
  return search
}

/** How many filters are on (the mobile 'Filters' button shows it). */
export function activeFilterCount(search: ListingSearch): number {
  return (
    (search.category ? 1 : 0) +
    splitList(search.brand).length +
    splitList(search.size).length +
    splitList(search.color).length +
    (search.min !== undefined || search.max !== undefined ? 1 : 0) +
    (search.sale ? 1 : 0) +
    (search.new ? 1 : 0)
  )
}

/** The same search without filters (sort kept, back to the first page). */
export function withoutFilters(search: ListingSearch): ListingSearch {
  return search.sort ? { sort: search.sort } : {}
}
