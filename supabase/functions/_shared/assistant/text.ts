/**
 * Word handling for the assistant, the same ideas as the site search (src/features/search/engine): lower
 * case with accents folded, Swahili shopping words, one-slip typos. A copy rather than an import because
 * edge functions can only import from supabase/functions.
 */
const combiningMarks = /[\u0300-\u036f]/g

export function normalizeText(value: string): string {
  return value
    .toLowerCase()
    .normalize('NFKD')
    .replace(combiningMarks, '')
    .replace(/[’‘`]/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
}

/** Words of a text: letters and digits, with inner apostrophes and dots kept ("what's", "11.59"). */
export function words(value: string): string[] {
  return normalizeText(value).match(/[a-z0-9]+(?:['.][a-z0-9]+)*/g) ?? []
}

const irregular: Readonly<Record<string, string>> = {
  dresses: 'dress',
  glasses: 'glass',
  sunglasses: 'sunglass',
  watches: 'watch',
  boxes: 'box',
  accessories: 'accessory',
  jewellery: 'jewelry',
  women: 'women',
  womens: 'women',
  woman: 'women',
  men: 'men',
  mens: 'men',
  man: 'men',
  kids: 'kid',
  children: 'kid',
  child: 'kid',
  trousers: 'trouser',
  jeans: 'jean',
  shoes: 'shoe',
  heels: 'heel',
  pants: 'trouser',
  pant: 'trouser',
}

/** A rough singular: enough to make "dresses", "handbags" and "jordans" meet the catalogue's words. */
export function stem(word: string): string {
  const bare = word.replace(/'s$/, '')
  if (Object.hasOwn(irregular, bare)) return irregular[bare]!
  if (bare.length <= 3 || /\d/.test(bare)) return bare
  if (bare.endsWith('ies') && bare.length > 4) return `${bare.slice(0, -3)}y`
  if (/(?:ch|sh|x|ss)es$/.test(bare)) return bare.slice(0, -2)
  if (bare.endsWith('s') && !bare.endsWith('ss') && !bare.endsWith('us')) return bare.slice(0, -1)
  return bare
}

/** Swahili shopping words (spec decision "Language") and what they mean in the catalogue. */
export const swahiliWords: Readonly<Record<string, readonly string[]>> = {
  viatu: ['shoe', 'sneaker', 'boot', 'sandal', 'heel', 'loafer'],
  kiatu: ['shoe', 'sneaker', 'boot', 'sandal', 'heel', 'loafer'],
  saa: ['watch'],
  mkoba: ['bag', 'handbag', 'backpack'],
  mikoba: ['bag', 'handbag', 'backpack'],
  nguo: [
    'dress',
    'shirt',
    'tee',
    'blouse',
    'skirt',
    'gown',
    'sweater',
    'jacket',
    'jean',
    'trouser',
  ],
  rinda: ['dress'],
  pete: ['ring'],
  mkufu: ['necklace'],
  kofia: ['hat'],
  mshipi: ['belt'],
  suruali: ['trouser', 'jean'],
  shati: ['shirt'],
}

/** Swahili colour words, read as the English colour. */
export const swahiliColours: Readonly<Record<string, string>> = {
  nyekundu: 'red',
  nyeusi: 'black',
  nyeupe: 'white',
  bluu: 'blue',
  buluu: 'blue',
  kijani: 'green',
  njano: 'yellow',
  manjano: 'yellow',
  pinki: 'pink',
  waridi: 'pink',
  kahawia: 'brown',
  hudhurungi: 'brown',
  dhahabu: 'gold',
  fedha: 'silver',
  kijivu: 'grey',
  zambarau: 'purple',
  machungwa: 'orange',
}

/** English words shoppers use for what the catalogue names differently. */
export const synonyms: Readonly<Record<string, readonly string[]>> = {
  tshirt: ['tee', 't-shirt'],
  't-shirt': ['tee'],
  trainer: ['sneaker'],
  kick: ['sneaker'],
  purse: ['handbag', 'clutch', 'wallet'],
  jumper: ['sweater'],
  pullover: ['sweater'],
  perfume: ['perfume', 'fragrance', 'cologne'],
  scent: ['fragrance', 'perfume'],
  timepiece: ['watch'],
  smartwatch: ['smart'],
  jewel: ['jewelry'],
  frock: ['dress'],
  coat: ['coat', 'jacket', 'trench'],
  lv: ['louis', 'vuitton'],
  ck: ['calvin'],
}

/**
 * Whether `a` and `b` differ by at most one edit (substitution, insertion, deletion or two neighbouring
 * letters swapped).
 */
export function withinOneEdit(a: string, b: string): boolean {
  const difference = a.length - b.length
  if (Math.abs(difference) > 1) return false
  let i = 0
  while (i < a.length && i < b.length && a[i] === b[i]) i++
  if (i === a.length && i === b.length) return true
  if (difference === 1) return a.slice(i + 1) === b.slice(i)
  if (difference === -1) return a.slice(i) === b.slice(i + 1)
  if (a.slice(i + 1) === b.slice(i + 1)) return true
  return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2)
}

/** A typed word one slip away from a catalogue word; short words and a wrong first letter never match. */
export function isTypoOf(typed: string, word: string): boolean {
  return typed.length >= 4 && typed[0] === word[0] && withinOneEdit(typed, word)
}

/** Words that say nothing about what the shopper wants. */
export const stopWords = new Set(
  `a an the i im i'm me my we us our you your u pls please plz kindly can could would will do does did
  have has had got get show find see give looking look search want need like love id i'd i'll ill
  for of to in on at with and or but so is are was be been am it its it's this that these those there
  here what what's whats which who how any some something anything one ones thing things item items
  product products stuff right now today currently just also really very too nice good great cute cool
  beautiful lovely pretty perfect hi hello hey please available stock stocks sell selling sold have
  let let's lets more other else about tell store shop from all cart basket many much`
    .trim()
    .split(/\s+/),
)
