/**
 * Common Swahili shopping words and what they mean in the catalogue's English. A query word found here
 * also matches catalogue words that start with one of its translations ("viatu" finds shoes, "pete"
 * finds rings but not drawstrings).
 */
export const swahiliWords: Readonly<Record<string, readonly string[]>> = {
  viatu: ['shoe', 'sneaker', 'boot', 'sandal', 'heel', 'loafer'],
  kiatu: ['shoe', 'sneaker', 'boot', 'sandal', 'heel', 'loafer'],
  saa: ['watch', 'smartwatch'],
  mkoba: ['bag', 'handbag', 'backpack'],
  mikoba: ['bag', 'handbag', 'backpack'],
  nguo: ['clothes', 'clothing', 'dress', 'shirt', 't-shirt'],
  pete: ['ring'],
  mkufu: ['necklace'],
}

export function translations(word: string): readonly string[] {
  return Object.hasOwn(swahiliWords, word) ? swahiliWords[word]! : []
}
