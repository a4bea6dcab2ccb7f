/**
 * The product editor's rules, the same ones the database enforces (so staff hear about a mistake before
 * saving, in words, rather than as a refused request): a name, a slug of lower-case words and dashes,
 * a price in whole shillings above zero, a discount from 0 to 90 percent, stock of zero or more (for a
 * product counted per size, each size's stock, the total being their sum), a category from the store's
 * list, and an image path on this site (no image may come from the internet).
 */
import type { Database } from '@/lib/database.types'
import {
  hasSpecsCategory,
  readSpecs,
  specKeys,
  specLabels,
  specMaxLength,
  type ProductSpecs,
  type SpecKey,
} from '@/lib/product-specs'
import { productCategories, type ProductCategory } from './admin-search'

export type ProductRow = Database['public']['Tables']['products']['Row']
export type ProductInsert = Database['public']['Tables']['products']['Insert']
export type SizeStockRow = Pick<
  Database['public']['Tables']['product_sizes']['Row'],
  'product_id' | 'size' | 'stock'
>

export interface ProductDraft {
  name: string
  slug: string
  description: string
  category: ProductCategory | ''
  subcategory: string
  brand: string
  price: string
  discount: string
  stock: string
  /** Stock is counted per size (`product_sizes`); `stock` then shows their sum. */
  bySize: boolean
  /** Each size's stock as typed, by size (a size without an entry has 0). */
  sizeStock: Record<string, string>
  image: string
  sizes: string[]
  colors: string[]
  tags: string[]
  newArrival: boolean
  featured: boolean
  active: boolean
  /** Watches and jewellery: each specification as typed ('' for none). */
  specs: Record<SpecKey, string>
}

export type ProductField = keyof ProductDraft
export type ProductErrors = Partial<Record<ProductField, string>>

/** The order fields are checked and focused in, top to bottom as the form shows them. */
export const productFieldOrder: ProductField[] = [
  'name',
  'slug',
  'category',
  'subcategory',
  'brand',
  'price',
  'discount',
  'stock',
  'image',
  'description',
  'sizes',
  'sizeStock',
  'colors',
  'tags',
  'specs',
]

export const productLimits = {
  name: 200,
  description: 4000,
  label: 60,
  chip: 40,
  chips: 30,
  maxPrice: 10_000_000,
  maxStock: 1_000_000,
  maxDiscount: 90,
} as const

export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/
/** A path on this site: letters, digits, dashes, dots and slashes; no `//`, no `..`, no scheme. */
const IMAGE_PATH_PATTERN = /^\/(?!\/)[A-Za-z0-9._\-/]*$/

export const emptyProductDraft: ProductDraft = {
  name: '',
  slug: '',
  description: '',
  category: '',
  subcategory: '',
  brand: '',
  price: '',
  discount: '0',
  stock: '0',
  bySize: false,
  sizeStock: {},
  image: '',
  sizes: [],
  colors: [],
  tags: [],
  newArrival: false,
  featured: false,
  active: true,
  specs: emptySpecs(),
}

export function emptySpecs(): Record<SpecKey, string> {
  return Object.fromEntries(specKeys.map((key) => [key, ''])) as Record<SpecKey, string>
}

/** `Silk Wrap Dress (Navy)` → `silk-wrap-dress-navy`: what a new product's slug starts as. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '')
}

/** Whole numbers as people type them: `6,300`, `6 300` or `6300`; null when it is not one. */
export function parseWhole(input: string): number | null {
  const cleaned = input.replace(/[\s,]/g, '')
  if (!/^\d+$/.test(cleaned)) return null
  const value = Number(cleaned)
  return Number.isSafeInteger(value) ? value : null
}

/** A size's stock as the form holds it ('0' for a size nobody has counted yet). */
export function sizeStockText(draft: Pick<ProductDraft, 'sizeStock'>, size: string): string {
  return draft.sizeStock[size] ?? '0'
}

/** The sum of the sizes' stock, or null while one of them is not a whole number. */
export function sizeStockTotal(draft: Pick<ProductDraft, 'sizes' | 'sizeStock'>): number | null {
  let total = 0
  for (const size of draft.sizes) {
    const count = parseWhole(sizeStockText(draft, size))
    if (count === null) return null
    total += count
  }
  return total
}

/** `sizeRows` are the product's `product_sizes` rows: any at all means it is counted per size. */
export function draftFromProduct(
  product: ProductRow,
  sizeRows: readonly Pick<SizeStockRow, 'size' | 'stock'>[] = [],
): ProductDraft {
  return {
    name: product.name,
    slug: product.slug,
    description: product.description,
    category: product.category,
    subcategory: product.subcategory ?? '',
    brand: product.brand ?? '',
    price: String(product.price),
    discount: String(product.discount),
    stock: String(product.stock),
    bySize: sizeRows.length > 0,
    sizeStock: Object.fromEntries(sizeRows.map((row) => [row.size, String(row.stock)])),
    image: product.images[0] ?? '',
    sizes: [...product.sizes],
    colors: [...product.colors],
    tags: [...product.tags],
    newArrival: product.new_arrival,
    featured: product.featured,
    active: product.active,
    specs: { ...emptySpecs(), ...readSpecs(product.specs) },
  }
}

function chipsError(values: string[], what: string): string | undefined {
  if (values.length > productLimits.chips) return `At most ${productLimits.chips} ${what}.`
  if (values.some((v) => v.length > productLimits.chip)) {
    return `Each of the ${what} can be at most ${productLimits.chip} characters.`
  }
  return undefined
}

export function validateProduct(draft: ProductDraft): ProductErrors {
  const errors: ProductErrors = {}
  const name = draft.name.trim()
  if (!name) errors.name = 'Enter the product name.'
  else if (name.length > productLimits.name) {
    errors.name = `The name can be at most ${productLimits.name} characters.`
  }

  if (!SLUG_PATTERN.test(draft.slug)) {
    errors.slug =
      'Use lower-case letters, numbers and single dashes between words, e.g. silk-wrap-dress.'
  } else if (draft.slug.length > 100) errors.slug = 'The slug can be at most 100 characters.'

  if (!draft.category || !productCategories.includes(draft.category)) {
    errors.category = 'Choose a category.'
  }
  if (draft.subcategory.trim().length > productLimits.label) {
    errors.subcategory = `At most ${productLimits.label} characters.`
  }
  if (draft.brand.trim().length > productLimits.label) {
    errors.brand = `At most ${productLimits.label} characters.`
  }

  const price = parseWhole(draft.price)
  if (price === null || price <= 0) {
    errors.price = 'Enter the price in whole shillings, more than 0 (e.g. 6300).'
  } else if (price > productLimits.maxPrice) {
    errors.price = 'That price is too high: at most KSH 10,000,000.'
  }

  const discount = parseWhole(draft.discount)
  if (discount === null || discount > productLimits.maxDiscount) {
    errors.discount = 'Enter a discount from 0 to 90 percent, in whole numbers.'
  }

  if (draft.bySize) {
    const counts = draft.sizes.map((size) => parseWhole(sizeStockText(draft, size)))
    if (draft.sizes.length === 0) {
      errors.sizeStock = 'Add the sizes first, or count the stock as one number.'
    } else if (counts.some((count) => count === null)) {
      errors.sizeStock = 'Enter each size’s stock as a whole number, 0 or more.'
    } else if (counts.some((count) => count! > productLimits.maxStock)) {
      errors.sizeStock = 'That stock count is too high.'
    }
  } else {
    const stock = parseWhole(draft.stock)
    if (stock === null) errors.stock = 'Enter the stock as a whole number, 0 or more.'
    else if (stock > productLimits.maxStock) errors.stock = 'That stock count is too high.'
  }

  const image = draft.image.trim()
  if (image && (!IMAGE_PATH_PATTERN.test(image) || image.includes('..'))) {
    errors.image = 'Use a path on this site, e.g. /images/products/dress-black.svg.'
  }

  if (draft.description.length > productLimits.description) {
    errors.description = `The description can be at most ${productLimits.description} characters.`
  }
  const sizes = chipsError(draft.sizes, 'sizes')
  if (sizes) errors.sizes = sizes
  const colors = chipsError(draft.colors, 'colours')
  if (colors) errors.colors = colors
  const tags = chipsError(draft.tags, 'tags')
  if (tags) errors.tags = tags
  const longSpec = specKeys.find((key) => draft.specs[key].trim().length > specMaxLength)
  if (longSpec && hasSpecsCategory(draft.category)) {
    errors.specs = `${specLabels[longSpec]} can be at most ${specMaxLength} characters.`
  }
  return errors
}

/**
 * The row to write, from a valid draft. `keepImages` are the product's other images (the catalogue
 * shows the first one; the rest are kept as they were).
 */
export function productRowFromDraft(
  draft: ProductDraft,
  keepImages: readonly string[] = [],
): Omit<ProductInsert, 'id'> & { category: ProductCategory } {
  const image = draft.image.trim()
  const images = image ? [image, ...keepImages.filter((path) => path !== image)] : [...keepImages]
  return {
    name: draft.name.trim(),
    slug: draft.slug,
    description: draft.description.trim(),
    category: draft.category as ProductCategory,
    subcategory: draft.subcategory.trim() || null,
    brand: draft.brand.trim() || null,
    price: parseWhole(draft.price) ?? 0,
    discount: parseWhole(draft.discount) ?? 0,
    stock: (draft.bySize ? sizeStockTotal(draft) : parseWhole(draft.stock)) ?? 0,
    images,
    sizes: draft.sizes,
    colors: draft.colors,
    tags: draft.tags,
    new_arrival: draft.newArrival,
    featured: draft.featured,
    active: draft.active,
    specs: specsFromDraft(draft),
  }
}

/** The specifications to save: the filled ones, and none at all outside watches and jewellery. */
export function specsFromDraft(draft: Pick<ProductDraft, 'category' | 'specs'>): ProductSpecs {
  return hasSpecsCategory(draft.category) ? readSpecs(draft.specs) : {}
}

/** The `product_sizes` rows a valid draft counted per size saves: one per size it offers. */
export function sizeRowsFromDraft(draft: ProductDraft, productId: string): SizeStockRow[] {
  return draft.sizes.map((size) => ({
    product_id: productId,
    size,
    stock: parseWhole(sizeStockText(draft, size)) ?? 0,
  }))
}
