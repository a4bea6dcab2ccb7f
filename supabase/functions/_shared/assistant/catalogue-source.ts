import {
  type CatalogueRow,
  type ExpandedDetails,
  expandCatalogue,
  expandDetails,
} from '../catalogue-format.ts'
import type { Catalogue, CatalogueBrand, CatalogueProduct } from './types.ts'

export interface CatalogueSourceOptions {
  /** The project URL (SUPABASE_URL), read per call so a restarted local server is followed. */
  url: () => string | undefined
  anonKey: () => string | undefined
  fetch?: typeof fetch
}

export interface CatalogueSource {
  /** The live catalogue: fetched once per catalogue version, then served from memory. */
  get(): Promise<Catalogue>
}

export class CatalogueUnavailable extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CatalogueUnavailable'
  }
}

const finite = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value)
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined

/** A row the assistant can quote: named, priced and counted; anything else is left out. */
function product(row: CatalogueRow, details: ExpandedDetails): CatalogueProduct | undefined {
  const { id, slug, name, price, stock } = row
  if (!id || !slug || !name || !finite(price) || !finite(stock)) return undefined
  const extra = details.products.get(id)
  const tags = Array.isArray(extra?.tags)
    ? extra.tags.filter((tag): tag is string => typeof tag === 'string')
    : row.tags
  const subcategory = text(row.subcategory)
  const brand = text(row.brand)
  const image = text(row.image)
  return {
    id,
    slug,
    name,
    description: typeof extra?.description === 'string' ? extra.description : '',
    category: text(row.category) ?? '',
    ...(subcategory ? { subcategory } : {}),
    ...(brand ? { brand } : {}),
    price,
    discount: finite(row.discount) ? row.discount : 0,
    rating: finite(row.rating) ? row.rating : 0,
    sizes: Array.isArray(row.sizes) ? (row.sizes as string[]) : [],
    colors: Array.isArray(row.colors) ? (row.colors as string[]) : [],
    tags,
    stock,
    ...(image ? { image } : {}),
    newArrival: row.newArrival,
    featured: row.featured,
    createdAt: row.createdAt ?? '',
  }
}

const SIZE_PAGE = 500

/** `product_sizes` rows by product: the sizes' own stock, for products sold by size. */
function readSizeStock(rows: unknown): Map<string, Record<string, number>> {
  const byProduct = new Map<string, Record<string, number>>()
  if (!Array.isArray(rows)) return byProduct
  for (const row of rows) {
    if (typeof row !== 'object' || row === null) continue
    const { product_id: id, size, stock } = row as Record<string, unknown>
    if (typeof id !== 'string' || typeof size !== 'string' || !finite(stock)) continue
    const sizes = byProduct.get(id) ?? {}
    sizes[size] = stock
    byProduct.set(id, sizes)
  }
  return byProduct
}

function brand(value: unknown, details: ExpandedDetails): CatalogueBrand | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const row = value as Partial<CatalogueBrand>
  if (typeof row.id !== 'number' || !row.slug || !row.name) return undefined
  if (row.kind !== 'luxury' && row.kind !== 'smart') return undefined
  const description = details.brands.get(String(row.id))?.description
  return {
    ...row,
    description: typeof description === 'string' ? description : '',
  } as CatalogueBrand
}

/**
 * Reads `public.catalogue()` and `public.catalogue_details()` through the REST API with the anon key (the
 * same public data every visitor sees, under the same RLS) and joins them into one product list.
 * `catalogue_version()` answers in about a millisecond, so it is asked on each request and the list is
 * downloaded only when the version changed, the details only when the list names other details.
 * Concurrent requests share one download.
 */
export function createCatalogueSource(options: CatalogueSourceOptions): CatalogueSource {
  const fetchImpl = options.fetch ?? fetch
  let cached: Catalogue | undefined
  let cachedDetails: ExpandedDetails | undefined
  let inFlight: Promise<Catalogue> | undefined

  const call = async (fn: string): Promise<unknown> => get(`rpc/${fn}`)
  const get = async (path: string): Promise<unknown> => {
    const url = options.url()
    const key = options.anonKey()
    if (!url || !key) throw new CatalogueUnavailable('SUPABASE_URL or SUPABASE_ANON_KEY is not set')
    const response = await fetchImpl(`${url.replace(/\/$/, '')}/rest/v1/${path}`, {
      headers: { apikey: key, Authorization: `Bearer ${key}`, Accept: 'application/json' },
    })
    if (!response.ok) {
      throw new CatalogueUnavailable(`${path} answered ${response.status}`)
    }
    return response.json()
  }

  /** Every size row, a page at a time (the REST layer caps how many rows one answer holds). */
  const sizeRows = async (): Promise<unknown[]> => {
    const rows: unknown[] = []
    for (let offset = 0; ; offset += SIZE_PAGE) {
      const page = await get(
        `product_sizes?select=product_id,size,stock&order=product_id,size&limit=${SIZE_PAGE}&offset=${offset}`,
      )
      if (!Array.isArray(page)) return rows
      rows.push(...page)
      if (page.length < SIZE_PAGE) return rows
    }
  }

  const refresh = async (): Promise<Catalogue> => {
    const version = await call('catalogue_version')
    if (cached && typeof version === 'string' && version === cached.version) return cached
    const list = expandCatalogue(await call('catalogue'))
    if (!list) throw new CatalogueUnavailable('catalogue() returned an unexpected shape')
    let details = cachedDetails
    if (!details || details.version !== list.detailsVersion) {
      details = expandDetails(await call('catalogue_details'))
      if (!details) {
        throw new CatalogueUnavailable('catalogue_details() returned an unexpected shape')
      }
      cachedDetails = details
    }
    const known = details
    const sizeStock = readSizeStock(await sizeRows())
    cached = {
      version: list.version,
      products: list.products
        .map((row) => product(row, known))
        .filter((p): p is CatalogueProduct => p !== undefined)
        .map((p) => {
          const stock = sizeStock.get(p.id)
          return stock ? { ...p, sizeStock: stock } : p
        }),
      brands: list.brands
        .map((row) => brand(row, known))
        .filter((b): b is CatalogueBrand => b !== undefined),
    }
    return cached
  }

  return {
    get() {
      inFlight ??= refresh().finally(() => {
        inFlight = undefined
      })
      return inFlight
    },
  }
}
