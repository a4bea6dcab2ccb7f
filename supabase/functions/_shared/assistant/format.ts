import type { IndexedProduct } from './catalogue-index.ts'

/** `KSH 27,300`, as the shop shows prices (src/lib/money.ts). */
export function formatKes(amount: number): string {
  return `KSH ${Math.round(amount)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`
}

/** Square brackets and parentheses in a name would break the markdown link around it. */
function linkText(text: string): string {
  return text
    .replace(/[[\]()*_]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** `[Name](/product/slug)`: the link also tells later turns which products were shown. */
export function productLink(entry: IndexedProduct): string {
  return `[${linkText(entry.product.name)}](/product/${entry.product.slug})`
}

export function priceText(entry: IndexedProduct): string {
  const { price, discount } = entry.product
  if (discount > 0) {
    return `**${formatKes(entry.price)}** *(${discount}% off ${formatKes(price)})*`
  }
  return `**${formatKes(price)}**`
}

/** One list line: link, brand, price and, when it matters, stock. */
export function productLine(entry: IndexedProduct, position?: number): string {
  const { brand, stock } = entry.product
  const prefix = position === undefined ? '•' : `${position}.`
  const by = brand ? ` by ${brand}` : ''
  const note = stock <= 0 ? ' *(sold out)*' : stock <= 3 ? ` *(only ${stock} left)*` : ''
  return `${prefix} ${productLink(entry)}${by}: ${priceText(entry)}${note}`
}

export function productList(entries: readonly IndexedProduct[]): string {
  return entries.map((entry, i) => productLine(entry, i + 1)).join('\n')
}

/** Joins words as English does: "a, b and c". */
export function listWords(items: readonly string[], conjunction = 'and'): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`
}

/** Words the shopper typed, reduced to letters, digits and spaces: safe to quote back in a reply. */
export function quoted(words: readonly string[]): string {
  return words
    .map((word) => word.replace(/[^\p{L}\p{N} ]/gu, ''))
    .filter(Boolean)
    .join(' ')
    .slice(0, 60)
}
