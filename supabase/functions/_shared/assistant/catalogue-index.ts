import { normalizeText, stem, words } from './text.ts'
import type { Catalogue, CatalogueProduct } from './types.ts'

/** Where a query word was found in a product, best first; the weights rank the results. */
export const fieldWeights = {
  name: 6,
  brand: 5,
  tags: 4,
  category: 3,
  colours: 2,
  description: 1,
} as const

export type Field = keyof typeof fieldWeights
export const fieldOrder = Object.keys(fieldWeights) as Field[]

export interface IndexedProduct {
  product: CatalogueProduct
  /** What the shopper pays, in whole KES: the catalogue's price less its discount. */
  price: number
  fields: Record<Field, ReadonlySet<string>>
  /** Lower-cased colour names ("royal blue"). */
  colours: string[]
  /**
   * Words that say what the product is, not what it is like: the last noun of its name and tags, its
   * category, brand and colours. "Dress" is a head word of a dress, not of a "Dress Shirt".
   */
  heads: ReadonlySet<string>
}

export interface CatalogueIndex {
  catalogue: Catalogue
  products: IndexedProduct[]
  byId: ReadonlyMap<string, IndexedProduct>
  bySlug: ReadonlyMap<string, IndexedProduct>
  /** Every word stem of every product. */
  vocabulary: ReadonlySet<string>
  /** Stems of names, brands, tags, categories and colours: what a typo may be corrected to. */
  strongVocabulary: ReadonlySet<string>
  /** Colour names used in the catalogue, lower case. */
  colourNames: ReadonlySet<string>
}

/** The database's rounding: round(price * (100 - discount) / 100). */
export function discountedPrice(price: number, discount: number): number {
  if (!discount) return price
  return Math.round((price * (100 - discount)) / 100)
}

const stems = (...texts: (string | undefined)[]) => {
  const result = new Set<string>()
  for (const text of texts) {
    if (!text) continue
    for (const word of words(text.replace(/[-/&]/g, ' '))) result.add(stem(word))
    // "T-Shirt" and "Ray-Ban" are also found whole ("t-shirt", "rayban").
    for (const joined of normalizeText(text).match(/[a-z0-9]+(?:-[a-z0-9]+)+/g) ?? []) {
      result.add(joined)
      result.add(stem(joined.replace(/-/g, '')))
    }
  }
  return result
}

const trailing = /^(\d.*|mm|ml|cm|ct|gps|og|ii|iii|iv|mid|low|high|retro|large|small|medium)$/

/** The noun a name ends on: "Slim Poplin Dress Shirt" → shirt, "Camera Bag with Kitenge Strap" → bag. */
function nameHead(name: string): string | undefined {
  const main = normalizeText(name).split(/,| with | and /)[0] ?? ''
  const parts = words(main.replace(/[-/&]/g, ' '))
  while (parts.length > 1 && trailing.test(parts[parts.length - 1]!)) parts.pop()
  const last = parts[parts.length - 1]
  return last ? stem(last) : undefined
}

function headWords(product: CatalogueProduct, fields: Record<Field, Set<string>>): Set<string> {
  const heads = new Set<string>([...fields.brand, ...fields.category, ...fields.colours])
  const head = nameHead(product.name)
  if (head) heads.add(head)
  for (const tag of product.tags) {
    const tagWords = words(tag.replace(/[-/&]/g, ' '))
    const last = tagWords[tagWords.length - 1]
    if (last) heads.add(stem(last))
  }
  return heads
}

const indexes = new WeakMap<Catalogue, CatalogueIndex>()

/** Builds (once per catalogue document) the word sets the assistant searches. */
export function indexCatalogue(catalogue: Catalogue): CatalogueIndex {
  const cached = indexes.get(catalogue)
  if (cached) return cached
  const vocabulary = new Set<string>()
  const strongVocabulary = new Set<string>()
  const colourNames = new Set<string>()
  const products = catalogue.products.map((product): IndexedProduct => {
    const fields: Record<Field, Set<string>> = {
      name: stems(product.name),
      brand: stems(product.brand),
      tags: stems(...product.tags),
      category: stems(product.category, product.subcategory),
      colours: stems(...product.colors),
      description: stems(product.description),
    }
    for (const [field, stemsOfField] of Object.entries(fields)) {
      for (const word of stemsOfField) {
        vocabulary.add(word)
        if (field !== 'description') strongVocabulary.add(word)
      }
    }
    const colours = product.colors.map((colour) => normalizeText(colour))
    for (const colour of colours) colourNames.add(colour)
    return {
      product,
      price: discountedPrice(product.price, product.discount),
      fields,
      colours,
      heads: headWords(product, fields),
    }
  })
  const index: CatalogueIndex = {
    catalogue,
    products,
    byId: new Map(products.map((entry) => [entry.product.id, entry])),
    bySlug: new Map(products.map((entry) => [entry.product.slug, entry])),
    vocabulary,
    strongVocabulary,
    colourNames,
  }
  indexes.set(catalogue, index)
  return index
}
