import type { CatalogueProduct } from './types.ts'

/**
 * Who a shopper is buying for and what for, read from one message in English, Swahili or the mix
 * Nairobi speaks: "gift for my husband", "nataka viatu za kazi", "something for a wedding".
 */
export type Audience = 'women' | 'men' | 'kids'
export type Occasion = 'wedding' | 'office' | 'church' | 'safari' | 'beach' | 'party'

export interface ShopperIntent {
  audience?: Audience
  occasion?: Occasion
  gift: boolean
  /** "An outfit", "a look", "what to wear": a set that goes together. */
  outfit: boolean
  /** The text with the words that said all this taken out. */
  rest: string
}

/** Swahili and Sheng words, read as the English the rest of the parser knows. */
const localWords: Readonly<Record<string, string>> = {
  nataka: 'i want',
  natafuta: 'looking for',
  naomba: 'please',
  nipe: 'give me',
  nionyeshe: 'show me',
  kazi: 'office',
  ofisi: 'office',
  ofisini: 'office',
  harusi: 'wedding',
  arusi: 'wedding',
  ruracio: 'wedding',
  ngurario: 'wedding',
  kanisa: 'church',
  kanisani: 'church',
  pwani: 'beach',
  ufukweni: 'beach',
  sherehe: 'party',
  zawadi: 'gift',
  mtoto: 'kids',
  watoto: 'kids',
  mwanangu: 'kids',
  msichana: 'girls',
  mvulana: 'boys',
  wanawake: 'women',
  mwanamke: 'women',
  wanaume: 'men',
  mwanaume: 'men',
  mke: 'wife',
  bibi: 'wife',
  mume: 'husband',
  bwana: 'husband',
  manzi: 'girlfriend',
  dem: 'girlfriend',
  msupa: 'girlfriend',
  mathe: 'mum',
  buda: 'dad',
  fathe: 'dad',
  mzee: 'dad',
  saizi: 'size',
  rangi: 'colour',
  karibu: 'around',
  kati: 'between',
  za: ' ',
  ya: ' ',
  wa: ' ',
  kwa: 'for',
  ama: 'or',
  poa: ' ',
  fiti: ' ',
  sasa: ' ',
}

const recipients: Readonly<Record<string, Audience>> = {
  husband: 'men',
  boyfriend: 'men',
  dad: 'men',
  father: 'men',
  brother: 'men',
  son: 'kids',
  daughter: 'kids',
  grandson: 'kids',
  granddaughter: 'kids',
  nephew: 'kids',
  niece: 'kids',
  baby: 'kids',
  wife: 'women',
  girlfriend: 'women',
  mum: 'women',
  mom: 'women',
  mother: 'women',
  sister: 'women',
  bride: 'women',
  groom: 'men',
}

const audienceWords: [RegExp, Audience][] = [
  [
    /\b(kids?|children|child|toddlers?|babies|baby|boys?|girls?|school ?(?:uniform|bag)?s?)\b/,
    'kids',
  ],
  [/\b(women|womens|woman|ladies|lady|female|her|she)\b/, 'women'],
  [/\b(men|mens|man|gents?|gentlemen|male|him|he|guys?)\b/, 'men'],
]

const occasionWords: [RegExp, Occasion][] = [
  [/\b(weddings?|wedding guest|reception|dowry|bridal|bride(?:smaid)?s?|groom)\b/, 'wedding'],
  [/\b(office|work|interviews?|meetings?|corporate|business)\b/, 'office'],
  [/\b(church|sunday service|mass)\b/, 'church'],
  [/\b(safari|game drive|maasai mara|masai mara|camping)\b/, 'safari'],
  [/\b(beach|coast|diani|holiday|vacation|swimming|pool)\b/, 'beach'],
  [/\b(party|parties|cocktail|night out|date night|dinner)\b/, 'party'],
]

/** Tags that make a product right for an occasion. */
export const occasionTags: Readonly<Record<Occasion, readonly string[]>> = {
  wedding: ['wedding', 'wedding guest', 'evening', 'formal', 'cocktail', 'bridal', 'black tie'],
  office: ['office', 'tailored', 'formal', 'smart casual', 'work', 'dress shirt', 'pumps'],
  church: ['midi', 'maxi', 'wrap', 'pleated', 'smart casual', 'formal', 'tailored', 'blouse'],
  safari: ['outdoor', 'hiking', 'utility', 'sun hat', 'chukka', 'linen', 'travel', 'upf', 'boots'],
  beach: ['beach', 'summer', 'kikoy', 'holiday', 'resort', 'sandals', 'sun hat', 'straw'],
  party: ['party', 'evening', 'cocktail', 'sequin', 'statement'],
}

/** What people wear or carry: what an occasion or an outfit is made of. */
const wearable = new Set(['women', 'men', 'kids', 'shoes', 'bags', 'accessories', 'jewelry'])

const womenOnly = new Set(['heels', 'flats', 'handbags', 'clutches', 'earrings', 'dresses'])

/** Who a product is for: the category says it first, then its tags and kind. */
export function audienceOf(product: CatalogueProduct): Audience | 'anyone' {
  if (product.category === 'kids') return 'kids'
  if (product.category === 'women') return 'women'
  if (product.category === 'men') return 'men'
  const tags = product.tags
  if (tags.includes('kids') || tags.includes('baby')) return 'kids'
  if (tags.includes('unisex')) return 'anyone'
  if (tags.includes('men')) return 'men'
  if (tags.includes('women')) return 'women'
  if (womenOnly.has(product.subcategory ?? '')) return 'women'
  if (product.subcategory === 'makeup') return 'women'
  if (product.category === 'jewelry' && !tags.includes('men')) return 'women'
  return 'anyone'
}

/** Products for this audience; with none stated, grown-ups (children's things only when asked). */
export function fitsAudience(product: CatalogueProduct, audience: Audience | undefined): boolean {
  const own = audienceOf(product)
  if (audience === 'kids') return own === 'kids'
  if (own === 'kids') return false
  if (!audience || own === 'anyone') return true
  return own === audience
}

export function fitsOccasion(product: CatalogueProduct, occasion: Occasion): boolean {
  if (!wearable.has(product.category)) return false
  const tags = occasionTags[occasion]
  return product.tags.some((tag) => tags.includes(tag))
}

export function isWearable(product: CatalogueProduct): boolean {
  return wearable.has(product.category)
}

/** Reads audience, occasion, gift and outfit from normalised text (Swahili already translated). */
export function readShopper(text: string): ShopperIntent {
  let rest = text
  const intent: ShopperIntent = { gift: false, outfit: false, rest }
  if (/\b(gifts?|present|presents|surprise)\b/.test(rest)) {
    intent.gift = true
    rest = rest.replace(/\b(a |an )?(gifts?|presents?|surprise)( for| idea| ideas)?\b/g, ' ')
  }
  for (const [word, audience] of Object.entries(recipients)) {
    const pattern = new RegExp(`\\b(?:my |our |the )?${word}'?s?\\b`)
    if (pattern.test(rest)) {
      intent.audience = audience
      if (audience !== 'kids' || word !== 'baby') rest = rest.replace(pattern, ' ')
      break
    }
  }
  if (!intent.audience) {
    for (const [pattern, audience] of audienceWords) {
      if (pattern.test(rest)) {
        intent.audience = audience
        break
      }
    }
  }
  for (const [pattern, occasion] of occasionWords) {
    if (pattern.test(rest)) {
      intent.occasion = occasion
      rest = rest.replace(pattern, ' ')
      break
    }
  }
  if (
    /\b(outfits?|a look|complete look|full look|what (?:should|can) i wear|something to wear|to wear)\b/.test(
      rest,
    )
  ) {
    intent.outfit = /\b(outfits?|look)\b/.test(rest)
    rest = rest.replace(
      /\b(outfits?|a look|complete look|full look|what (?:should|can) i wear|something to wear|to wear|wear)\b/g,
      ' ',
    )
  }
  intent.rest = rest.replace(/\b(for|to|attend|attending|going|go|a|an|the|in)\b(?=\s*$)/g, ' ')
  return intent
}

/** Swahili and Sheng words read as English (before anything else reads the text). */
export function translateLocal(text: string): string {
  return text
    .replace(/\bkati ya (\S+) na (\S+)/g, 'between $1 and $2')
    .replace(/\bkati ya\b/g, 'between')
    .replace(/\bkaribu na\b/g, 'around')
    .replace(/\bbudget ya\b/g, 'budget')
    .replace(/\b[a-z]+\b/g, (word) => (Object.hasOwn(localWords, word) ? localWords[word]! : word))
}
