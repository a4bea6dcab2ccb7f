import { kidsSizes, shoeSizes, womenSizes } from '../size-guide.ts'
import type { IndexedProduct } from './catalogue-index.ts'
import { colourFamilies } from './query.ts'
import { normalizeText, swahiliColours } from './text.ts'
import type { CatalogueProduct } from './types.ts'

/**
 * A product's sizes and colours as a shopper names them: "EU 42", "42", "UK 8", "M", "medium", "2-3
 * years", "black", "wine". Sizes in another system are converted with the store's size guide.
 */
export type SizeSystem = 'eu' | 'uk' | 'us' | 'letter' | 'number' | 'age'

export interface SizeMention {
  system: SizeSystem
  /** Upper-case letter size, a number as text, or an age label ("2-3Y"). */
  value: string
  /** The words as the shopper wrote them, safe to quote ("UK 8"). */
  text: string
}

const letterWords: Readonly<Record<string, string>> = {
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
  med: 'M',
  large: 'L',
  'extra large': 'XL',
  'x-large': 'XL',
  'x large': 'XL',
  'extra small': 'XS',
  'xx large': 'XXL',
  'extra extra large': 'XXL',
}
const letter = String.raw`(extra extra large|extra large|extra small|xx large|x-large|x large|xxxl|xxs|xxl|2xl|xs|xl|small|medium|med|large|s|m|l)`
const num = String.raw`(\d{1,2}(?:\.5)?)`

/** Only sure forms when the text is a whole sentence; a bare "M" or "42" only as an answer. */
const sentencePatterns: [RegExp, SizeSystem][] = [
  [new RegExp(String.raw`\b(?:eu|euro|european)\s*(?:size\s*)?${num}\b`), 'eu'],
  [new RegExp(String.raw`\buk\s*(?:size\s*)?${num}\b`), 'uk'],
  [new RegExp(String.raw`\bus\s*(?:size\s*)?${num}\b`), 'us'],
  [new RegExp(String.raw`\b${num}\s*(?:uk)\b`), 'uk'],
  [new RegExp(String.raw`\b(?:size|saizi|sz)\s*:?\s*${letter}(?![-\w])`), 'letter'],
  [new RegExp(String.raw`\b(?:size|saizi|sz)\s*:?\s*${num}\b`), 'number'],
  [/\b(\d{1,2})\s*(?:-|to)\s*(\d{1,2})\s*(y|yrs?|years?|m|months?)\b/, 'age'],
  [/\b(?:age|aged)\s*(\d{1,2})\b|\b(\d{1,2})\s*(?:years? old|yrs? old|year-old)\b/, 'age'],
  [new RegExp(String.raw`\bin (?:an? |size )?${letter}(?![-\w])`), 'letter'],
  [new RegExp(String.raw`\b${letter} size\b`), 'letter'],
  [
    /\b(?:in|for|usually|normally|am|i'?m|wear|take)\s+(?:an? )?(medium|small|large|extra large|extra small)\b/,
    'letter',
  ],
  [/\bwaist\s*(\d{2})\b|\b(\d{2})\s*(?:inch(?:es)?\s*)?waist\b/, 'number'],
]
const answerPatterns: [RegExp, SizeSystem][] = [
  [new RegExp(String.raw`^(?:size\s*)?${letter}$`), 'letter'],
  [new RegExp(String.raw`^(?:size\s*)?${num}$`), 'number'],
]

function mentionFrom(match: RegExpExecArray, system: SizeSystem): SizeMention | undefined {
  const text = match[0].trim()
  if (system === 'age') {
    const [a, b, unit] = [match[1], match[2], match[3]]
    if (a && b && unit) {
      const u = unit.startsWith('m') ? 'M' : 'Y'
      return { system, value: `${a}-${b}${u}`, text }
    }
    const years = match[1] ?? match[2]
    return years ? { system, value: `${years}Y`, text } : undefined
  }
  const raw = match.slice(1).find((group) => group !== undefined)
  if (!raw) return undefined
  if (system === 'letter') {
    const value = letterWords[raw]
    return value ? { system, value, text } : undefined
  }
  return { system, value: String(Number(raw)), text }
}

/** A size the text names; `answer`: the text answers "which size?", so "M" or "42" alone counts. */
export function findSizeMention(message: string, answer = false): SizeMention | undefined {
  const text = normalizeText(message)
    .replace(/[?!.,]+$/g, '')
    .trim()
  if (answer) {
    for (const [pattern, system] of answerPatterns) {
      const match = pattern.exec(text)
      if (match) return mentionFrom(match, system)
    }
  }
  for (const [pattern, system] of sentencePatterns) {
    const match = pattern.exec(text)
    if (match) {
      const mention = mentionFrom(match, system)
      if (mention) return mention
    }
  }
  return undefined
}

const isOneSize = (sizes: readonly string[]) => sizes.every((size) => /one size/i.test(size))

/** Whether the shopper has to pick a size / a colour for this product. */
export function needsSize(product: CatalogueProduct): boolean {
  return product.sizes.length > 0 && !isOneSize(product.sizes)
}
export function needsColour(product: CatalogueProduct): boolean {
  return product.colors.length > 1
}

/** The sizes that can be bought now, in the product's order (a size without stock is left out). */
export function sizesInStock(product: CatalogueProduct): string[] {
  if (!product.sizeStock) return product.stock > 0 ? [...product.sizes] : []
  const stock = product.sizeStock
  return product.sizes.filter((size) => (stock[size] ?? 0) > 0)
}

export function stockOfSize(product: CatalogueProduct, size: string): number {
  return product.sizeStock ? (product.sizeStock[size] ?? 0) : product.stock
}

type SizeKind = 'shoe' | 'letter' | 'waist' | 'age' | 'ring' | 'other'

function sizeKind(product: CatalogueProduct): SizeKind {
  const sizes = product.sizes
  if (sizes.some((s) => /^EU \d/.test(s))) return 'shoe'
  if (sizes.some((s) => /^(XXS|XS|S|M|L|XL|XXL|XXXL)$/.test(s))) return 'letter'
  if (sizes.some((s) => /^\d+-\d+[YM]$/.test(s))) return 'age'
  if (product.subcategory === 'rings') return 'ring'
  if (sizes.some((s) => /^\d{2}$/.test(s))) return 'waist'
  return 'other'
}

const isWomenswear = (product: CatalogueProduct) =>
  product.category === 'women' ||
  ['heels', 'flats'].includes(product.subcategory ?? '') ||
  product.tags.includes('women')

export interface SizeChoice {
  /** The product's own label ("EU 42", "M"), when the mention maps to one it offers. */
  label?: string
  /** How a size in another system was read ("UK 8 is EU 42 in our size guide"). */
  converted?: string
}

function shoeLabel(mention: SizeMention, product: CatalogueProduct): SizeChoice {
  const n = Number(mention.value)
  if (mention.system === 'eu' || mention.system === 'number') {
    if (mention.system === 'number' && n < 30) {
      // "size 8" for shoes is a UK size for adults.
      const row = shoeSizes.find((r) => r.uk === n)
      if (row) return { label: `EU ${row.eu}`, converted: `UK ${n} is EU ${row.eu}` }
    }
    return { label: `EU ${n}` }
  }
  if (mention.system === 'uk') {
    const row = shoeSizes.find((r) => r.uk === n)
    return row ? { label: `EU ${row.eu}`, converted: `UK ${n} is EU ${row.eu}` } : {}
  }
  if (mention.system === 'us') {
    const women = isWomenswear(product)
    const row = shoeSizes.find((r) => (women ? r.usWomen : r.usMen) === n)
    const who = women ? "US women's" : "US men's"
    return row ? { label: `EU ${row.eu}`, converted: `${who} ${n} is EU ${row.eu}` } : {}
  }
  return {}
}

function letterLabel(mention: SizeMention, product: CatalogueProduct): SizeChoice {
  if (mention.system === 'letter') return { label: mention.value }
  const n = Number(mention.value)
  if (mention.system === 'uk' || (mention.system === 'number' && isWomenswear(product))) {
    const row = womenSizes.find((r) => (r.uk as readonly number[]).includes(n))
    return row ? { label: row.size, converted: `UK ${n} is ${row.size}` } : {}
  }
  return {}
}

function ageLabel(mention: SizeMention, product: CatalogueProduct): SizeChoice {
  if (mention.system !== 'age') return {}
  const exact = product.sizes.find((s) => s === mention.value)
  if (exact) return { label: exact }
  const years = /^(\d+)Y$/.exec(mention.value)
  if (!years) return {}
  const age = Number(years[1])
  const row = kidsSizes.find((r) => {
    const m = /^(\d+)-(\d+)Y$/.exec(r.size)
    return m && age >= Number(m[1]) && age <= Number(m[2])
  })
  return row ? { label: row.size, converted: `age ${age} is ${row.size}` } : {}
}

/** The product's size a mention stands for, converted through the size guide when needed. */
export function sizeFor(mention: SizeMention, product: CatalogueProduct): SizeChoice {
  let choice: SizeChoice = {}
  switch (sizeKind(product)) {
    case 'shoe':
      choice = shoeLabel(mention, product)
      break
    case 'letter':
      choice = letterLabel(mention, product)
      break
    case 'age':
      choice = ageLabel(mention, product)
      break
    case 'ring':
    case 'waist':
      if (mention.system === 'number') choice = { label: mention.value }
      break
    case 'other':
      choice = { label: mention.value }
  }
  if (choice.label && !product.sizes.includes(choice.label)) {
    return choice.converted ? { converted: choice.converted } : {}
  }
  return choice
}

/**
 * The product's colour a text names: its own colour name, or the one colour of the family asked for
 * ("wine" → Burgundy). Undefined when none, or when the family matches several.
 */
export function colourFor(message: string, entry: IndexedProduct): string | undefined {
  const text = normalizeText(message).replace(/\b[a-z]+\b/g, (word) => swahiliColours[word] ?? word)
  const own = [...entry.product.colors].sort((a, b) => b.length - a.length)
  for (const colour of own) {
    if (
      new RegExp(`\\b${normalizeText(colour).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(text)
    ) {
      return colour
    }
  }
  for (const [family, members] of Object.entries(colourFamilies)) {
    if (!new RegExp(`\\b${family}\\b`).test(text)) continue
    const found = own.filter((colour) => {
      const name = normalizeText(colour)
      return name === family || members.includes(name) || name.split(' ').includes(family)
    })
    if (found.length === 1) return found[0]
  }
  return undefined
}
