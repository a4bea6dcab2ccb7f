import type { Brand, BrandKind, Catalogue, Product } from '../types'

/**
 * Checks the shape of the `catalogue` answer by hand (a schema library would cost more than the whole
 * listing chunk). A bad row is dropped, not fatal: one broken product must not empty the shop. Only a
 * payload that is not a catalogue at all throws.
 */
export class CatalogueFormatError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CatalogueFormatError'
  }
}

type Row = Record<string, unknown>

function isRow(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return undefined
}

function requiredText(value: unknown): string | undefined {
  const result = text(value)?.trim()
  return result ? result : undefined
}

function finite(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value))
}

function textList(value: unknown): string[] {
  if (!Array.isArray(value)) return []
  const items: string[] = []
  for (const item of value) {
    const entry = requiredText(item)
    if (entry && !items.includes(entry)) items.push(entry)
  }
  return items
}

/** Only same-origin paths: an image URL from the data must never make the browser reach the internet. */
function localPath(value: unknown): string | null {
  const path = requiredText(value)
  return path && path.startsWith('/') && !path.startsWith('//') ? path : null
}

export function decodeProduct(value: unknown): Product | undefined {
  if (!isRow(value)) return undefined
  const id = requiredText(value.id)
  const name = requiredText(value.name)
  const price = finite(value.price)
  if (!id || !name || price === undefined || price < 0) return undefined
  const slug = requiredText(value.slug) ?? id
  return {
    id,
    slug,
    name,
    description: text(value.description) ?? '',
    category: (requiredText(value.category) ?? '').toLowerCase(),
    subcategory: requiredText(value.subcategory)?.toLowerCase() ?? null,
    brand: requiredText(value.brand) ?? '',
    price: Math.round(price),
    discount: clamp(Math.round(finite(value.discount) ?? 0), 0, 100),
    rating: clamp(finite(value.rating) ?? 0, 0, 5),
    sizes: textList(value.sizes),
    colors: textList(value.colors),
    tags: textList(value.tags).map((tag) => tag.toLowerCase()),
    stock: Math.max(0, Math.floor(finite(value.stock) ?? 0)),
    image: localPath(value.image),
    newArrival: value.newArrival === true,
    featured: value.featured === true,
    createdAt: text(value.createdAt) ?? '',
  }
}

function brandKind(value: unknown): BrandKind | undefined {
  return value === 'luxury' || value === 'smart' ? value : undefined
}

export function decodeBrand(value: unknown): Brand | undefined {
  if (!isRow(value)) return undefined
  const name = requiredText(value.name)
  const slug = requiredText(value.slug)
  const kind = brandKind(value.kind)
  if (!name || !slug || !kind) return undefined
  return {
    id: requiredText(value.id) ?? slug,
    slug,
    name,
    kind,
    category: text(value.category) ?? '',
    description: text(value.description) ?? '',
    country: text(value.country) ?? '',
    heritage: text(value.heritage) ?? '',
    tier: text(value.tier) ?? '',
    logo: localPath(value.logo) ?? '',
  }
}

function decodeList<T extends { id: string }>(
  value: unknown,
  decode: (row: unknown) => T | undefined,
): T[] {
  if (!Array.isArray(value)) return []
  const seen = new Set<string>()
  const rows: T[] = []
  for (const raw of value) {
    const row = decode(raw)
    if (!row || seen.has(row.id)) continue
    seen.add(row.id)
    rows.push(row)
  }
  return rows
}

export function decodeCatalogue(value: unknown): Catalogue {
  if (!isRow(value) || !Array.isArray(value.products)) {
    throw new CatalogueFormatError('The catalogue answer has no product list')
  }
  return {
    version: text(value.version) ?? '',
    products: decodeList(value.products, decodeProduct),
    brands: decodeList(value.brands, decodeBrand),
  }
}
