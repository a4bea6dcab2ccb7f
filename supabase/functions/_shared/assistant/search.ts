import {
  fieldOrder,
  fieldWeights,
  type CatalogueIndex,
  type IndexedProduct,
} from './catalogue-index.ts'
import { colourFamilies, type ProductQuery, type QueryTerm } from './query.ts'
import { fitsAudience, fitsOccasion } from './shopper.ts'

export interface Ranked {
  entry: IndexedProduct
  score: number
  /** The query's last word (its head noun, "shirt" in "dress shirt") is what this product is. */
  headMatch: boolean
  /** Some word was found only in the description ("kid leather" for "kids"). */
  weak: boolean
  /** How many query words the product's name holds (decides whether one result clearly wins). */
  nameHits: number
}

export type Relaxed = 'price' | 'size' | 'colour' | 'terms' | 'sale' | 'new' | 'occasion'

export interface SearchOutcome {
  /** Products that satisfy everything asked, best first. */
  matches: Ranked[]
  /** When nothing satisfied everything: what was dropped and what matched without it. */
  relaxed?: { dropped: Relaxed; matches: Ranked[] }
  /** Colours used instead of the one asked for ("burgundy" for "red"), when there was no exact one. */
  colourSubstitutes?: string[]
}

/** Colour names a shopper means as one colour. */
export const colourEquivalents: Readonly<Record<string, readonly string[]>> = {
  red: ['burgundy', 'maroon', 'wine', 'crimson', 'scarlet', 'cherry', 'ruby'],
  maroon: ['burgundy', 'wine'],
  wine: ['burgundy', 'maroon'],
  burgundy: ['maroon', 'wine'],
  grey: ['gray'],
  gray: ['grey'],
}

function fieldHas(words: ReadonlySet<string>, alternative: string): boolean {
  if (words.has(alternative)) return true
  if (alternative.length < 4) return false
  for (const word of words) if (word.startsWith(alternative)) return true
  return false
}

/** The best field a word is found in, plus a little for each other field (a brand also in the name). */
function termMatch(
  entry: IndexedProduct,
  term: QueryTerm,
): { weight: number; onlyDescription: boolean } {
  let best = 0
  let fields = 0
  for (const field of fieldOrder) {
    if (term.alternatives.some((alternative) => fieldHas(entry.fields[field], alternative))) {
      best = Math.max(best, fieldWeights[field])
      fields++
    }
  }
  if (best === 0) return { weight: 0, onlyDescription: false }
  const weight = best + (fields - 1) * 0.25
  return {
    weight: term.typo ? weight / 2 : weight,
    onlyDescription: best === fieldWeights.description,
  }
}

/** The product has this size in stock (a size sold out is no match). */
function sizeFits(entry: IndexedProduct, size: string): boolean {
  const { sizes, sizeStock } = entry.product
  return sizes.some((label) => {
    const named = label === size || label === `EU ${size}` || label.split('/').includes(size)
    return named && (!sizeStock || (sizeStock[label] ?? 0) > 0)
  })
}

const watchWords = new Set(['watch', 'smart', 'timepiece', 'chronograph'])

function colourFits(entry: IndexedProduct, colours: readonly string[]): boolean {
  return colours.some((colour) =>
    entry.colours.some((own) => own === colour || own.split(' ').includes(colour)),
  )
}

interface Filters {
  price: boolean
  size: boolean
  colour: readonly string[] | null
  sale: boolean
  new: boolean
  terms: boolean
  occasion: boolean
}

function run(index: CatalogueIndex, query: ProductQuery, filters: Filters): Ranked[] {
  const results: Ranked[] = []
  // Words, not model numbers, decide a partial match ("alert 1" is not about every "1").
  const words = query.terms.filter((term) => !/^\d+$/.test(term.text))
  const wordCount = words.length
  const lastWord = words[words.length - 1]
  // "Dress" is a kind of watch too: a dress is never a watch unless watches were asked for.
  const dressNotWatch =
    query.terms.some((t) => t.alternatives.includes('dress')) &&
    !query.terms.some((t) => t.alternatives.some((a) => watchWords.has(a)))
  for (const entry of index.products) {
    // Never relaxed: a grown-up is never offered children's things, nor a child grown-ups'.
    if (!fitsAudience(entry.product, query.audience)) continue
    if (dressNotWatch && entry.product.category.endsWith('watches')) continue
    if (filters.occasion && query.occasion && !fitsOccasion(entry.product, query.occasion)) continue
    if (filters.price) {
      if (query.maxPrice !== undefined && entry.price > query.maxPrice) continue
      if (query.minPrice !== undefined && entry.price < query.minPrice) continue
    }
    if (filters.size && query.size && !sizeFits(entry, query.size)) continue
    if (filters.colour && filters.colour.length > 0 && !colourFits(entry, filters.colour)) continue
    if (filters.sale && query.onSale && !(entry.product.discount > 0)) continue
    if (filters.sale && query.minDiscount && entry.product.discount < query.minDiscount) continue
    if (filters.new && query.newArrivals && !entry.product.newArrival) continue
    let score = 0
    let nameHits = 0
    let missing = 0
    let weak = false
    let wordsFound = 0
    for (const term of query.terms) {
      const { weight, onlyDescription } = termMatch(entry, term)
      if (weight === 0) missing++
      else if (!/^\d+$/.test(term.text)) wordsFound++
      if (onlyDescription) weak = true
      if (weight >= fieldWeights.name) nameHits++
      score += weight
    }
    if (filters.terms ? missing > 0 : wordsFound < Math.max(1, Math.ceil(wordCount / 2))) {
      continue
    }
    for (const term of query.softTerms) score += termMatch(entry, term).weight > 0 ? 1 : 0
    // Fewer missing words first when words were relaxed.
    score -= missing * 10
    const headMatch = lastWord ? lastWord.alternatives.some((a) => entry.heads.has(a)) : true
    results.push({ entry, score, nameHits, weak, headMatch })
  }
  // "Dresses" are dresses, not dress shirts: when some results are what the last word names, only those.
  let kept = results
  if (filters.terms && kept.some((r) => r.headMatch)) kept = kept.filter((r) => r.headMatch)
  // A word only in a description is a weak sign: keep such products only when nothing better exists.
  if (kept.some((r) => !r.weak)) kept = kept.filter((r) => !r.weak)
  return sortRanked(kept, query)
}

function sortRanked(results: Ranked[], query: ProductQuery): Ranked[] {
  const inStock = (r: Ranked) => (r.entry.product.stock > 0 ? 0 : 1)
  return results.sort((a, b) => {
    const stock = inStock(a) - inStock(b)
    if (stock !== 0) return stock
    if (query.sort === 'price-asc') return a.entry.price - b.entry.price || b.score - a.score
    if (query.sort === 'price-desc') return b.entry.price - a.entry.price || b.score - a.score
    if (b.score !== a.score) return b.score - a.score
    if (query.onSale) return b.entry.product.discount - a.entry.product.discount
    if (query.sort === 'rating') return b.entry.product.rating - a.entry.product.rating
    return 0
  })
}

const all: Filters = {
  price: true,
  size: true,
  colour: null,
  sale: true,
  new: true,
  terms: true,
  occasion: true,
}

/**
 * Every product that satisfies the query; when none does, the closest thing: the same words without the
 * price limit, size, colour or mode that ruled everything out, or products holding some of the words.
 */
export function searchCatalogue(index: CatalogueIndex, query: ProductQuery): SearchOutcome {
  // Red takes burgundy, maroon and wine: the same colour to a shopper.
  const exactColours = [
    ...new Set(query.colours.flatMap((colour) => [colour, ...(colourEquivalents[colour] ?? [])])),
  ]
  let colourSubstitutes: string[] | undefined
  let matches = run(index, query, { ...all, colour: exactColours })
  if (matches.length === 0 && exactColours.length > 0) {
    const family = [...new Set(exactColours.flatMap((colour) => colourFamilies[colour] ?? []))]
    if (family.length > 0) {
      const substituted = run(index, query, { ...all, colour: family })
      if (substituted.length > 0) {
        matches = substituted
        colourSubstitutes = [
          ...new Set(
            substituted.flatMap((r) => r.entry.colours.filter((own) => family.includes(own))),
          ),
        ]
      }
    }
  }
  if (matches.length > 0) return colourSubstitutes ? { matches, colourSubstitutes } : { matches }

  const colour = exactColours.length > 0 ? exactColours : null
  const attempts: [Relaxed, Filters][] = [
    ['price', { ...all, colour, price: false }],
    ['size', { ...all, colour, size: false }],
    ['colour', { ...all, colour: null }],
    ['sale', { ...all, colour, sale: false }],
    ['new', { ...all, colour, new: false }],
    ['occasion', { ...all, colour, occasion: false }],
    ['terms', { ...all, colour, terms: false }],
  ]
  const applies: Record<Relaxed, boolean> = {
    price: query.maxPrice !== undefined || query.minPrice !== undefined,
    size: query.size !== undefined,
    colour: exactColours.length > 0,
    sale: query.onSale,
    new: query.newArrivals,
    terms: query.terms.length > 1,
    occasion: query.occasion !== undefined,
  }
  for (const [dropped, filters] of attempts) {
    if (!applies[dropped]) continue
    let relaxed = run(index, query, filters)
    if (dropped === 'price') {
      // Closest in price first.
      const target = query.maxPrice ?? query.minPrice ?? 0
      relaxed = relaxed.sort(
        (a, b) => Math.abs(a.entry.price - target) - Math.abs(b.entry.price - target),
      )
    }
    if (relaxed.length > 0) return { matches: [], relaxed: { dropped, matches: relaxed } }
  }
  return { matches: [] }
}

/** Whether the best result is clearly the one meant (for adding to the cart by description). */
export function clearWinner(results: readonly Ranked[]): Ranked | undefined {
  const [first, second] = results
  if (!first) return undefined
  if (!second) return first
  if (first.nameHits > second.nameHits) return first
  if (first.score >= second.score * 1.3 && first.score - second.score >= 3) return first
  return undefined
}
