import type { CatalogueIndex } from './catalogue-index.ts'
import { defaultStoreFacts, findPlace } from './store-answers.ts'
import {
  occasionTags,
  readShopper,
  translateLocal,
  type Audience,
  type Occasion,
} from './shopper.ts'
import {
  isTypoOf,
  normalizeText,
  stem,
  stopWords,
  swahiliColours,
  swahiliWords,
  synonyms,
  words,
} from './text.ts'

/** What a shopper asked for, read from one message. */
export interface ProductQuery {
  /** Words every result must contain; each word lists the catalogue words it stands for. */
  terms: QueryTerm[]
  /** Words that only rank results ("men", "women"). */
  softTerms: QueryTerm[]
  /** Words that matched nothing in the catalogue (not even with a typo). */
  unknown: string[]
  minPrice?: number
  maxPrice?: number
  /** "50% off": at least this discount, in percent. */
  minDiscount?: number
  /** A size label as the catalogue writes it ("M", "EU 42", "32"). */
  size?: string
  colours: string[]
  onSale: boolean
  newArrivals: boolean
  sort?: 'price-asc' | 'price-desc' | 'rating'
  /** Who it is for; unset: a grown-up (children's things only when asked for). */
  audience?: Audience
  occasion?: Occasion
  gift?: boolean
  /** A set that goes together (dress, shoes, bag) rather than one product. */
  outfit?: boolean
  /** "Around 5k": the amount aimed at (maxPrice then allows a little over it). */
  around?: number
}

export interface QueryTerm {
  /** The word as typed, letters and digits only (safe to quote back). */
  text: string
  /** Catalogue stems it matches; `typo` when found only through a one-letter slip. */
  alternatives: string[]
  typo: boolean
}

const usdRate = 140

const currency = String.raw`(?:(?:kshs|ksh|kes|shs|sh|shillings?|bob|usd|dollars?)\b\.?|us\$|\$)`
const amount = String.raw`(?:${currency}\s*)?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(k\b|thousand|m\b|million|mil\b)?(?:\s*(?:${currency}|/=))?`

function parseAmount(match: string, digits: string, scale: string | undefined): number {
  let value = Number(digits.replace(/,/g, ''))
  if (scale === 'k' || scale === 'thousand') value *= 1000
  if (scale === 'm' || scale === 'million' || scale === 'mil') value *= 1_000_000
  if (/\$|usd|dollar/.test(match)) value *= usdRate
  return Math.round(value)
}

const between = new RegExp(String.raw`\b(?:between|from)\s+${amount}\s*(?:and|to|-|&)\s*${amount}`)
const maxPattern = new RegExp(
  String.raw`(?:\b(?:under|below|beneath|less than|cheaper than|up ?to|max(?:imum)?|within|(?:not|no) more than|at most|budget(?: of| is)?|not over)\s*|<=?\s*)${amount}`,
)
const aroundPattern = new RegExp(
  String.raw`(?:\b(?:around|about|approximately|approx|roughly|something like|close to)\s*|~\s*)${amount}`,
)
const minPattern = new RegExp(
  String.raw`(?:\b(?:over|above|more than|at least|min(?:imum)?|starting (?:at|from))\s*|>=?\s*)${amount}`,
)
/** Any other amount of money ("20k", "KSh 5,000"): never a search word. */
const looseAmount = new RegExp(
  String.raw`(?:${currency}\s*\d[\d,.]*\s*(?:k\b|thousand)?|\b\d[\d,.]*\s*(?:k\b|thousand|/=|${currency}))`,
  'g',
)

const letterSizes: Readonly<Record<string, string>> = {
  xxs: 'XXS',
  xs: 'XS',
  s: 'S',
  m: 'M',
  l: 'L',
  xl: 'XL',
  xxl: 'XXL',
  '2xl': 'XXL',
  xxxl: 'XXXL',
  small: 'S',
  medium: 'M',
  large: 'L',
  'extra large': 'XL',
  'x-large': 'XL',
  'extra small': 'XS',
}
const letterSize = String.raw`(xxs|xxxl|xxl|2xl|xs|xl|extra large|extra small|x-large|small|medium|large|s|m|l)`
const sizePatterns: RegExp[] = [
  new RegExp(String.raw`\bsize\s*:?\s*${letterSize}(?![-\w])`),
  new RegExp(String.raw`\bsize\s*:?\s*(?:eu\s*)?(\d{1,2}(?:\.\d)?)\b`),
  /\beu\s*(\d{2})\b/,
  new RegExp(String.raw`\bin (?:an? |size )?${letterSize}(?![-\w])`),
  new RegExp(String.raw`\b${letterSize} size\b`),
  /\bwaist\s*(\d{2})\b/,
  /\b(\d{2})\s*(?:inch(?:es)?\s*)?waist\b/,
]

export interface ParsedSize {
  size: string
  rest: string
}

/** A size named in the text, as the catalogue labels sizes; the text without it. */
export function parseSize(text: string): ParsedSize | undefined {
  for (const pattern of sizePatterns) {
    const match = pattern.exec(text)
    if (!match?.[1]) continue
    const raw = match[1]
    const size = /^\d/.test(raw) ? raw : letterSizes[raw]
    if (!size) continue
    return { size, rest: text.replace(match[0], ' ') }
  }
  return undefined
}

/** Colours shoppers name, and the catalogue colours that come closest when there is no exact one. */
export const colourFamilies: Readonly<Record<string, readonly string[]>> = {
  red: ['burgundy', 'coral', 'terracotta'],
  maroon: ['burgundy'],
  wine: ['burgundy'],
  pink: ['blush', 'coral', 'rose gold', 'lilac'],
  brown: ['cognac', 'tan', 'camel'],
  beige: ['nude', 'sand', 'camel', 'cream', 'champagne', 'natural', 'khaki'],
  nude: ['nude', 'sand', 'champagne'],
  green: ['emerald', 'olive', 'sage', 'teal'],
  blue: ['navy', 'teal'],
  purple: ['lilac', 'burgundy'],
  violet: ['lilac'],
  yellow: ['mustard', 'gold'],
  grey: ['charcoal', 'steel', 'silver'],
  gray: ['grey', 'charcoal', 'steel', 'silver'],
  white: ['ivory', 'cream'],
  orange: ['terracotta', 'coral', 'mustard'],
  silver: ['steel', 'platinum'],
  cream: ['ivory', 'champagne'],
  gold: ['champagne', 'mustard'],
  black: ['charcoal'],
}

function findColours(text: string, index: CatalogueIndex): { colours: string[]; rest: string } {
  const colours: string[] = []
  let rest = text
  // Two-word colours first ("rose gold", "royal blue"), then single words.
  const known = [...new Set([...index.colourNames, ...Object.keys(colourFamilies)])]
    .filter((name) => !/print|multi|check|stripe/.test(name))
    .sort((a, b) => b.length - a.length)
  for (const name of known) {
    const pattern = new RegExp(`\\b${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`)
    if (pattern.test(rest)) {
      colours.push(name)
      rest = rest.replace(pattern, ' ')
    }
  }
  return { colours, rest }
}

const softWords: Readonly<Record<string, string>> = {
  women: 'women',
  ladies: 'women',
  lady: 'women',
  female: 'women',
  her: 'women',
  wife: 'women',
  girlfriend: 'women',
  men: 'men',
  gents: 'men',
  gent: 'men',
  male: 'men',
  him: 'men',
  husband: 'men',
  boyfriend: 'men',
  guys: 'men',
}

/** Words that set a mode instead of naming a product. */
const modeWords = new Set(
  `sale sales discount discounts discounted deal deals offer offers promo promos promotion promotions
  clearance reduced markdown markdowns bargain bargains punguzo off percent new newest latest arrival
  arrivals just cheapest cheap cheaper affordable inexpensive budget expensive priciest pricey
  popular trending bestseller bestsellers best rated top-rated recommend recommendation recommendations
  suggest suggestion suggestions price prices cost costs much under below above over between less
  bei ya na kwa nataka naomba nipe
  than least most highest lowest size sizes colour colours color colors`.split(/\s+/),
)

/** What a word can stand for in the catalogue: itself, its translations, its synonyms. */
function alternativesFor(
  word: string,
  index: CatalogueIndex,
): { alternatives: string[]; typo: boolean } {
  const stemmed = stem(word)
  const candidates = new Set<string>([stemmed])
  for (const source of [swahiliWords, synonyms]) {
    for (const key of [word, stemmed]) {
      if (Object.hasOwn(source, key)) for (const value of source[key]!) candidates.add(value)
    }
  }
  const found = [...candidates].filter((candidate) => knownWord(candidate, index))
  if (found.length > 0) return { alternatives: found, typo: false }
  const typos = [...index.strongVocabulary].filter(
    (known) => isTypoOf(stemmed, known) || isTypoOf(word, known),
  )
  return { alternatives: typos, typo: true }
}

function knownWord(word: string, index: CatalogueIndex): boolean {
  if (index.vocabulary.has(word)) return true
  if (word.length < 4) return false
  for (const known of index.vocabulary) if (known.startsWith(word)) return true
  return false
}

export interface ParseOptions {
  /** Words to ignore besides the usual ones (the add-to-cart parser removes its verbs itself). */
  ignore?: readonly string[]
}

/** Reads a shopping request: price limits, size, colours, modes and the product words. */
export function parseProductQuery(
  message: string,
  index: CatalogueIndex,
  options: ParseOptions = {},
): ProductQuery {
  let text = normalizeText(message.replace(/<[^>]*>/g, ' '))
    // Swahili: "chini ya 5000" is "under 5000", "zaidi ya" is "over", colours by their English names.
    .replace(/\bchini ya\b/g, 'under')
    .replace(/\bzaidi ya\b/g, 'over')
    .replace(/\b[a-z]+\b/g, (word) => swahiliColours[word] ?? word)
  text = translateLocal(text)
  const query: ProductQuery = {
    terms: [],
    softTerms: [],
    unknown: [],
    colours: [],
    onSale: false,
    newArrivals: false,
  }

  const discount = /\b(\d{1,2})\s*(?:%|percent|per cent)\s*(?:off|discount)?/.exec(text)
  if (discount) {
    query.minDiscount = Number(discount[1])
    query.onSale = true
    text = text.replace(discount[0], ' ')
  }
  const range = between.exec(text)
  if (range) {
    query.minPrice = parseAmount(range[0], range[1]!, range[2])
    query.maxPrice = parseAmount(range[0], range[3]!, range[4])
    text = text.replace(range[0], ' ')
  }
  const max = maxPattern.exec(text)
  if (max) {
    query.maxPrice = parseAmount(max[0], max[1]!, max[2])
    text = text.replace(max[0], ' ')
  }
  const around = aroundPattern.exec(text)
  if (around && query.maxPrice === undefined) {
    query.around = parseAmount(around[0], around[1]!, around[2])
    // "Around 5,000" takes a little over it, never double.
    query.maxPrice = Math.round(query.around * 1.15)
    query.minPrice = Math.round(query.around * 0.6)
    text = text.replace(around[0], ' ')
  }
  const min = minPattern.exec(text)
  if (min) {
    query.minPrice = parseAmount(min[0], min[1]!, min[2])
    text = text.replace(min[0], ' ')
  }
  text = text.replace(looseAmount, ' ')

  // "In Nairobi", "to Mombasa": where, not what.
  const place = findPlace(text, defaultStoreFacts)
  if (place) {
    text = text.replace(new RegExp(`\\b(?:in|to|at|from)\\s+${place.words.join('[ -]')}\\b`), ' ')
  }
  const shopper = readShopper(text)
  text = shopper.rest
  if (shopper.audience) query.audience = shopper.audience
  if (shopper.occasion) query.occasion = shopper.occasion
  if (shopper.gift) query.gift = true
  if (shopper.outfit) query.outfit = true

  const size = parseSize(text)
  if (size) {
    query.size = size.size
    text = size.rest
  }

  if (/\bnew balance\b/.test(text)) {
    // A brand, not a request for new arrivals.
  } else if (/\b(new arrivals?|what'?s new|new in|just in|newest|latest|new)\b/.test(text)) {
    query.newArrivals = true
  }
  if (
    /\b(on sale|sale|discount(?:s|ed)?|deals?|offers?|promo(?:tion)?s?|clearance|reduced|markdowns?|bargains?|punguzo)\b|%\s*off|percent off/.test(
      text,
    )
  ) {
    query.onSale = true
  }
  if (
    /\b(cheapest|cheap|cheaper|affordable|inexpensive|lowest price|least expensive|budget)\b/.test(
      text,
    )
  ) {
    query.sort = 'price-asc'
  } else if (/\b(most expensive|priciest|highest price|high end|top end)\b/.test(text)) {
    query.sort = 'price-desc'
  } else if (
    /\b(best rated|top rated|highest rated|popular|best ?sellers?|trending|recommend\w*)\b/.test(
      text,
    )
  ) {
    query.sort = 'rating'
  }

  const coloured = findColours(text, index)
  query.colours = coloured.colours
  text = coloured.rest

  const ignore = new Set(options.ignore ?? [])
  const seen = new Set<string>()
  for (const word of words(text)) {
    if (stopWords.has(word) || modeWords.has(word) || ignore.has(word)) continue
    const clean = word.replace(/[^a-z0-9]/g, '')
    if (!clean || seen.has(clean)) continue
    // No catalogue word is this long: not worth a typo search over the vocabulary.
    if (clean.length > 30) {
      query.unknown.push(clean.slice(0, 30))
      continue
    }
    seen.add(clean)
    const soft = softWords[clean]
    // Who it is for is a filter already: the word is not something to find.
    if (soft && query.audience) continue
    if (
      /^(kids?|children|child|boys?|girls?|toddlers?)$/.test(clean) &&
      query.audience === 'kids'
    ) {
      continue
    }
    if (soft) {
      query.softTerms.push({ text: clean, alternatives: [soft], typo: false })
      continue
    }
    if (/^\d+$/.test(clean)) {
      // Model numbers ("Jordan 4") only count when a product name has them.
      if (index.vocabulary.has(clean))
        query.terms.push({ text: clean, alternatives: [clean], typo: false })
      continue
    }
    const { alternatives, typo } = alternativesFor(clean, index)
    if (alternatives.length === 0) query.unknown.push(clean)
    else query.terms.push({ text: clean, alternatives, typo })
  }
  // A model number alone ("1", "50") is too little to search by.
  if (query.terms.every((term) => /^\d+$/.test(term.text))) query.terms = []
  // Ranking only, never quoted back (no text): gifts first, and what suits the occasion.
  if (query.gift) query.softTerms.push({ text: '', alternatives: ['gift'], typo: false })
  if (query.occasion) {
    const tags = occasionTags[query.occasion].filter((tag) => !tag.includes(' ')).map(stem)
    query.softTerms.push({ text: '', alternatives: tags, typo: false })
  }
  // "Something for her": with nothing else to go on, the soft word is what the shopper wants.
  const named = query.softTerms.filter((term) => term.text)
  if (query.terms.length === 0 && named.length > 0 && query.colours.length === 0) {
    query.terms = named
    query.softTerms = query.softTerms.filter((term) => !term.text)
  }
  return query
}

/** Whether a query names anything at all (words, limits, a size, a colour or a mode). */
export function isProductQuery(query: ProductQuery): boolean {
  return (
    query.terms.length > 0 ||
    query.softTerms.length > 0 ||
    query.colours.length > 0 ||
    query.onSale ||
    query.newArrivals ||
    query.sort !== undefined ||
    query.maxPrice !== undefined ||
    query.minPrice !== undefined ||
    query.size !== undefined ||
    query.audience !== undefined ||
    query.occasion !== undefined ||
    query.gift === true
  )
}
