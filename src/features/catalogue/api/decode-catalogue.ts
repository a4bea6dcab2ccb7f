import { expandCatalogue, expandDetails, type ExpandedCatalogue } from '@shared/catalogue-format'
import { readSpecs, type ProductSpecs } from '@/lib/product-specs'
import type { Brand, BrandKind, Catalogue, CatalogueDetails, Product, ProductPhoto } from '../types'

/**
 * Checks the catalogue by hand (a schema library would cost more than the whole listing chunk): the
 * `catalogue` and `catalogue_details` answers (format 2, columnar, expanded into rows by
 * `@shared/catalogue-format`), and the copy saved on the device (rows). A bad row is dropped, not fatal:
 * one broken product must not empty the shop. Only a payload that is not a catalogue at all throws.
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

function tagList(value: unknown): string[] {
  return [...new Set(textList(value).map((tag) => tag.toLowerCase()))]
}

/** Only same-origin paths: an image URL from the data must never make the browser reach the internet. */
function localPath(value: unknown): string | null {
  const path = requiredText(value)
  return path && path.startsWith('/') && !path.startsWith('//') ? path : null
}

// A key in the photo bucket: plain segments, none of them `.` or `..`.
const PHOTO_PATH = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/

function photoList(value: unknown, colours: string[]): ProductPhoto[] {
  if (!Array.isArray(value)) return []
  const photos: ProductPhoto[] = []
  for (const raw of value) {
    if (!isRow(raw)) continue
    const path = text(raw.path)
    const width = finite(raw.width)
    const height = finite(raw.height)
    const colour = raw.colour === null ? null : requiredText(raw.colour)
    if (!path || !PHOTO_PATH.test(path) || path.split('/').some((part) => /^\.\.?$/.test(part))) {
      continue
    }
    if (!width || !height || width < 1 || height < 1) continue
    if (colour === undefined || (colour !== null && !colours.includes(colour))) continue
    photos.push({
      colour,
      path,
      width: Math.round(width),
      height: Math.round(height),
      alt: text(raw.alt) ?? '',
    })
  }
  return photos
}

/** One product row (the list expanded, or the device copy). */
export function decodeProduct(value: unknown): Product | undefined {
  if (!isRow(value)) return undefined
  const id = requiredText(value.id)
  const name = requiredText(value.name)
  const price = finite(value.price)
  if (!id || !name || price === undefined || price < 0) return undefined
  const slug = requiredText(value.slug) ?? id
  const colors = textList(value.colors)
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
    colors,
    tags: tagList(value.tags),
    stock: Math.max(0, Math.floor(finite(value.stock) ?? 0)),
    image: localPath(value.image),
    newArrival: value.newArrival === true,
    featured: value.featured === true,
    createdAt: text(value.createdAt) ?? '',
    ...withPhotos(photoList(value.photos, colors)),
    ...withSpecs(readSpecs(value.specs)),
  }
}

/** Photos only when there are some: most products have none, and the device copy stays as it was. */
const withPhotos = (photos: ProductPhoto[]) => (photos.length ? { photos } : {})

/** Specifications only when there are some (watches and jewellery). */
const withSpecs = (specs: ProductSpecs) => (Object.keys(specs).length ? { specs } : {})

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

/** The `catalogue` answer: the list, without descriptions and specifications (the details bring them). */
export function decodeCatalogue(value: unknown): Catalogue {
  return decodeExpandedCatalogue(expandCatalogueAnswer(value))
}

/** The first of decodeCatalogue's two steps: the columnar answer expanded into rows. */
export function expandCatalogueAnswer(value: unknown): ExpandedCatalogue {
  const expanded = expandCatalogue(value)
  if (!expanded) throw new CatalogueFormatError('The catalogue answer is not a catalogue list')
  return expanded
}

/** The second: the rows checked, a bad one dropped. */
export function decodeExpandedCatalogue(expanded: ExpandedCatalogue): Catalogue {
  return {
    version: expanded.version,
    products: decodeList(expanded.products, decodeProduct),
    brands: decodeList(expanded.brands, decodeBrand),
    detailsVersion: expanded.detailsVersion,
    detailsMerged: '',
  }
}

/** The `catalogue_details` answer; entries that are not text are read as empty. */
export function decodeCatalogueDetails(value: unknown): CatalogueDetails {
  const expanded = expandDetails(value)
  if (!expanded) throw new CatalogueFormatError('The catalogue details answer is not one')
  const products: CatalogueDetails['products'] = new Map()
  for (const [id, entry] of expanded.products) {
    products.set(id, {
      description: text(entry.description) ?? '',
      tags: tagList(entry.tags),
      ...withSpecs(readSpecs(entry.specs)),
    })
  }
  const brands: CatalogueDetails['brands'] = new Map()
  for (const [id, entry] of expanded.brands) {
    brands.set(id, { description: text(entry.description) ?? '' })
  }
  return { version: expanded.version, products, brands }
}

/**
 * The list with the details merged in by id. The list stays the word on which products are in the
 * Heritage Collection, should older details (kept until the current ones arrive) say otherwise; the
 * details are the word on specifications (a list from before they moved to the details may carry some).
 */
export function mergeDetails(catalogue: Catalogue, details: CatalogueDetails): Catalogue {
  return {
    ...catalogue,
    detailsMerged: details.version || catalogue.detailsVersion,
    products: catalogue.products.map((product) => {
      const extra = details.products.get(product.id)
      if (!extra) return product
      const heritage = product.tags.includes('heritage')
      let tags = extra.tags
      if (heritage !== tags.includes('heritage')) {
        tags = heritage ? [...tags, 'heritage'] : tags.filter((tag) => tag !== 'heritage')
      }
      const { specs: _listed, ...rest } = product
      return {
        ...rest,
        description: extra.description,
        tags,
        ...(extra.specs ? { specs: extra.specs } : {}),
      }
    }),
    brands: catalogue.brands.map((brand) => {
      const extra = details.brands.get(brand.id)
      return extra ? { ...brand, description: extra.description } : brand
    }),
  }
}

/** The details merged into a catalogue, to carry them over to a newer list; undefined before any. */
export function detailsOf(catalogue: Catalogue): CatalogueDetails | undefined {
  if (!catalogue.detailsMerged) return undefined
  return {
    version: catalogue.detailsMerged,
    products: new Map(
      catalogue.products.map((product) => [
        product.id,
        {
          description: product.description,
          tags: product.tags,
          ...(product.specs ? { specs: product.specs } : {}),
        },
      ]),
    ),
    brands: new Map(
      catalogue.brands.map((brand) => [brand.id, { description: brand.description }]),
    ),
  }
}

/** The copy saved on the device: the catalogue as the app held it, rows and all, checked again. */
export function decodeStoredCatalogue(value: unknown): Catalogue {
  if (!isRow(value) || !Array.isArray(value.products)) {
    throw new CatalogueFormatError('The saved catalogue has no product list')
  }
  return {
    version: text(value.version) ?? '',
    products: decodeList(value.products, decodeProduct),
    brands: decodeList(value.brands, decodeBrand),
    detailsVersion: text(value.detailsVersion) ?? '',
    detailsMerged: text(value.detailsMerged) ?? '',
  }
}
