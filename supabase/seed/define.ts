import type { ProductCategory } from '../functions/_shared/product-categories'
import { colourSlug, type Colour } from './palette'

/** The catalogue's categories, as the `products.category` check constraint lists them. */
export { productCategories as categories } from '../functions/_shared/product-categories'
export type Category = ProductCategory

/** The illustration drawn for a product; with its first colour it names the image file. */
export const illustrationKinds = [
  'dress',
  'gown',
  'top',
  'tee',
  'sweater',
  'shirt',
  'jacket',
  'trousers',
  'jeans',
  'shorts',
  'skirt',
  'matching-set',
  'kids-outfit',
  'sneaker',
  'heel',
  'boot',
  'sandal',
  'loafer',
  'handbag',
  'tote',
  'clutch',
  'backpack',
  'basket',
  'wallet',
  'necklace',
  'ring',
  'earrings',
  'bracelet',
  'lipstick',
  'perfume',
  'skincare',
  'compact',
  'sunglasses',
  'belt',
  'scarf',
  'hat',
  'luxury-watch',
  'smart-watch',
] as const
export type IllustrationKind = (typeof illustrationKinds)[number]

/** One row of `public.products`, in the seed's own (camelCase) spelling. */
export interface SeedProduct {
  id: string
  slug: string
  name: string
  description: string
  category: Category
  subcategory: string | null
  brand: string | null
  /** Whole Kenyan shillings. */
  price: number
  /** Percent off, 0–90. */
  discount: number
  images: string[]
  sizes: string[]
  colors: Colour[]
  tags: string[]
  stock: number
  /**
   * Stock per size (`public.product_sizes`), in the order of `sizes`, for products that sell by size;
   * null for the rest. Its sum is `stock`.
   */
  sizeStock: Record<string, number> | null
  rating: number
  newArrival: boolean
  featured: boolean
  /** Age of the listing at seeding time: `created_at = now() - createdAgo`. */
  createdDaysAgo: number
  createdHoursAgo: number
  kind: IllustrationKind
  /** Watches and jewellery: reference, case, movement and so on (`products.specs`); mostly empty. */
  specs: Readonly<Record<string, string>>
}

export interface ProductInput {
  id: string
  name: string
  kind: IllustrationKind
  /** Whole KES. */
  price: number
  description: string
  colors: readonly [Colour, ...Colour[]]
  sizes: readonly string[]
  tags: readonly string[]
  subcategory?: string
  brand?: string
  discount?: number
  stock?: number
  /** Stock per size when it must be exactly this (it then sets `stock` too). */
  sizeStock?: Readonly<Record<string, number>>
  rating?: number
  newArrival?: boolean
  featured?: boolean
}

export const sizes = {
  letter: ['XS', 'S', 'M', 'L', 'XL', 'XXL'],
  letterMen: ['S', 'M', 'L', 'XL', 'XXL'],
  waist: ['28', '29', '30', '31', '32', '33', '34'],
  one: ['One Size'],
  kids: ['2-3Y', '4-5Y', '6-7Y', '8-9Y', '10-11Y'],
  baby: ['0-3M', '3-6M', '6-12M', '12-18M', '18-24M'],
  kidsShoes: ['EU 24', 'EU 26', 'EU 28', 'EU 30', 'EU 32', 'EU 34'],
  womenShoes: ['EU 36', 'EU 37', 'EU 38', 'EU 39', 'EU 40', 'EU 41'],
  menShoes: ['EU 40', 'EU 41', 'EU 42', 'EU 43', 'EU 44', 'EU 45', 'EU 46'],
  unisexShoes: ['EU 37', 'EU 38', 'EU 39', 'EU 40', 'EU 41', 'EU 42', 'EU 43', 'EU 44', 'EU 45'],
  rings: ['5', '6', '7', '8', '9'],
} as const

/** The spec's sample prices are US dollars; the catalogue stores whole shillings at 140 KES per USD. */
export function usd(dollars: number): number {
  return Math.round(dollars * 140)
}

/** FNV-1a: a stable number per product code, so derived values never change between builds. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

export function kebab(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

export function imagePath(kind: IllustrationKind, colour: Colour): string {
  return `/images/products/${kind}-${colourSlug(colour)}.svg`
}

/** Clothing, shoes and kids' wear sell by size; a One Size piece (or a watch strap) does not. */
const soldBySize: readonly Category[] = ['women', 'men', 'kids', 'shoes']

export function sellsBySize(category: Category, productSizes: readonly string[]): boolean {
  return soldBySize.includes(category) && productSizes.length > 1
}

/**
 * Shares a product's stock out over its sizes, the same way on every build: the middle sizes hold the
 * most, and about two products in three have one or two sizes sold out (never all of them while there
 * is stock). Units go to sizes in proportion to their share, largest remainder first.
 */
export function splitStock(
  id: string,
  productSizes: readonly string[],
  stock: number,
): Record<string, number> {
  const count = productSizes.length
  const middle = (count - 1) / 2
  const roll = stableHash(`${id}:sizes`)
  const soldOutCount = Math.min(count - 1, [0, 0, 0, 1, 1, 1, 1, 2, 2, 1][roll % 10]!)
  const soldOut = new Set<number>()
  for (let i = 0; soldOut.size < soldOutCount; i++) {
    soldOut.add(stableHash(`${id}:sold-out:${i}`) % count)
  }
  const weights = productSizes.map((_, i) =>
    soldOut.has(i) ? 0 : 1 + 1.5 * (middle - Math.abs(i - middle)),
  )
  const totalWeight = weights.reduce((sum, w) => sum + w, 0)
  const exact = weights.map((w) => (stock * w) / totalWeight)
  const units = exact.map(Math.floor)
  let left = stock - units.reduce((sum, n) => sum + n, 0)
  const byRemainder = exact
    .map((value, i) => ({ i, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i)
  for (const { i } of byRemainder) {
    if (left === 0) break
    units[i]! += 1
    left -= 1
  }
  return Object.fromEntries(productSizes.map((size, i) => [size, units[i]!]))
}

/**
 * Completes authored rows: slug, image, and the values nobody needs to hand-pick (rating, stock when not
 * set, listing age) derived from the product code so every build gives the same catalogue. New arrivals
 * are listed within the last three weeks; the rest over the last eight months. Discounts of 20% and more
 * get the `sale` tag so a search for "sale" finds them.
 */
export function defineProducts(
  category: Category,
  inputs: readonly ProductInput[],
  defaults: { stockFrom?: number; stockTo?: number } = {},
): SeedProduct[] {
  const stockFrom = defaults.stockFrom ?? 12
  const stockTo = defaults.stockTo ?? 90
  return inputs.map((input) => {
    const hash = stableHash(input.id)
    const newArrival = input.newArrival ?? false
    const discount = input.discount ?? 0
    const tags = [...input.tags]
    if (discount >= 20 && !tags.includes('sale')) tags.push('sale')
    const fixedSizes = input.sizeStock
      ? Object.fromEntries(input.sizes.map((size) => [size, input.sizeStock?.[size] ?? 0]))
      : null
    const stock = fixedSizes
      ? Object.values(fixedSizes).reduce((sum, n) => sum + n, 0)
      : (input.stock ?? stockFrom + (hash % (stockTo - stockFrom + 1)))
    return {
      id: input.id,
      slug: `${kebab(input.name)}-${input.id}`,
      name: input.name,
      description: input.description,
      category,
      subcategory: input.subcategory ?? null,
      brand: input.brand ?? null,
      price: input.price,
      discount,
      images: [imagePath(input.kind, input.colors[0])],
      sizes: [...input.sizes],
      colors: [...input.colors],
      tags,
      stock,
      sizeStock:
        fixedSizes ??
        (sellsBySize(category, input.sizes) ? splitStock(input.id, input.sizes, stock) : null),
      rating: input.rating ?? Math.round(38 + ((hash >>> 8) % 12)) / 10,
      newArrival,
      featured: input.featured ?? false,
      createdDaysAgo: newArrival ? 1 + ((hash >>> 4) % 20) : 30 + ((hash >>> 4) % 215),
      createdHoursAgo: (hash >>> 12) % 24,
      kind: input.kind,
      specs: {},
    }
  })
}
