import type { CatalogueIndex, IndexedProduct } from './catalogue-index.ts'
import { listWords, productLink } from './format.ts'
import { findOrdinal } from './intents.ts'
import {
  colourFor,
  findSizeMention,
  needsSize,
  sizeFor,
  sizesInStock,
  stockOfSize,
} from './options.ts'
import { parseProductQuery } from './query.ts'
import { searchCatalogue } from './search.ts'
import type { AssistantReply, CartLine } from './types.ts'

/**
 * The cart in conversation: "remove the gown", "make it 2", "change the size to L", "in black instead".
 * The client sends its cart lines with the question (they are the shopper's own, on their device); the
 * assistant answers with an update_cart action that the app applies, checked again by the cart itself.
 */
type Edit = 'remove' | 'quantity' | 'options'

const removePattern =
  /\b(remove|delete|take out|take off|drop|get rid of|toa|ondoa)\b|\bdon'?t want\b.{0,30}\b(anymore|any more)\b/
const quantityPattern =
  /\b(change|set|make|update|reduce|increase|lower|raise)\b.{0,30}\b(quantity|qty|number)\b.{0,20}?\b(\d{1,3})\b|\bmake (?:it|that|them|the [a-z ]+?) (\d{1,3})\b|\b(\d{1,3}) (?:of them|of the [a-z ]+?|pieces|pairs) instead\b|\bonly (?:want |need )?(\d{1,3}) (?:of )?(?:them|the [a-z ]+?)\b/
const optionsPattern =
  /\b(change|switch|swap|exchange|make)\b.{0,40}\b(size|colou?r)\b|\binstead\b|\b(size|colou?r) to\b|\b(change|switch|swap|exchange)\b.{0,40}\bto\b/

export function cartEdit(text: string): Edit | undefined {
  if (quantityPattern.test(text)) return 'quantity'
  if (/\b(cart|basket|bag|it|that|them|line)\b/.test(text) && removePattern.test(text))
    return 'remove'
  if (removePattern.test(text) && !/\b(add|show|find)\b/.test(text)) return 'remove'
  if (optionsPattern.test(text)) return 'options'
  return undefined
}

function lineProducts(lines: readonly CartLine[], index: CatalogueIndex) {
  return lines
    .map((line) => ({ line, entry: index.byId.get(line.productId) }))
    .filter((x): x is { line: CartLine; entry: IndexedProduct } => x.entry !== undefined)
}

/** The cart line a message means: by its words, by position, or the only one. */
function whichLine(
  text: string,
  lines: readonly CartLine[],
  index: CatalogueIndex,
): { line: CartLine; entry: IndexedProduct } | { choose: CartLine[] } | undefined {
  const known = lineProducts(lines, index)
  if (known.length === 0) return undefined
  const ordinal = findOrdinal(text)
  if (typeof ordinal === 'number' && known[ordinal - 1]) return known[ordinal - 1]
  const cleaned = text.replace(
    /\b(remove|delete|take|out|off|drop|change|switch|swap|make|set|update|the|from|my|cart|basket|quantity|qty|size|colou?r|to|it|that|instead|please|in|of|them|pieces|pairs|only|want|need|don'?t|anymore)\b|\d+/g,
    ' ',
  )
  const query = parseProductQuery(cleaned, index)
  if (query.terms.length > 0) {
    const products = known.map((k) => k.entry)
    const found = searchCatalogue(
      { ...index, products },
      { ...query, size: undefined, colours: [] },
    )
    const ids = new Set(found.matches.map((r) => r.entry.product.id))
    const matching = known.filter((k) => ids.has(k.entry.product.id))
    if (matching.length === 1) return matching[0]
    if (matching.length > 1) return { choose: matching.map((k) => k.line) }
  }
  if (known.length === 1) return known[0]
  return { choose: known.map((k) => k.line) }
}

function describeLine(line: CartLine): string {
  const options = [line.size ? `size ${line.size}` : '', line.color ?? ''].filter(Boolean)
  return `${line.name}${options.length > 0 ? ` (${options.join(', ')})` : ''}`
}

export function cartReply(
  text: string,
  edit: Edit,
  lines: readonly CartLine[],
  index: CatalogueIndex,
): AssistantReply {
  if (lines.length === 0) {
    return {
      message: 'Your cart is empty, so there is nothing to change. What are you looking for?',
    }
  }
  const target = whichLine(text, lines, index)
  if (!target) {
    return { message: "I couldn't find that in your cart.", action: { type: 'view_cart' } }
  }
  if ('choose' in target) {
    const verb = edit === 'remove' ? 'Remove' : 'Change'
    return {
      message: `Which one do you mean: ${listWords(target.choose.map(describeLine), 'or')}?`,
      quickReplies: target.choose.map((line) => `${verb} the ${line.name}`.slice(0, 40)),
    }
  }
  const { line, entry } = target
  const change = { productId: line.productId, name: line.name }
  if (edit === 'remove') {
    return {
      message: `I've removed ${describeLine(line)} from your cart.`,
      action: { type: 'update_cart', change: { type: 'remove', ...change } },
    }
  }
  if (edit === 'quantity') {
    const match = quantityPattern.exec(text)
    const quantity = Number(match?.slice(3).find((g) => g !== undefined && /^\d+$/.test(g)))
    if (!Number.isInteger(quantity) || quantity < 0 || quantity > 20) {
      return { message: `How many of ${productLink(entry)} would you like (1 to 20)?` }
    }
    if (quantity === 0) {
      return {
        message: `I've removed ${describeLine(line)} from your cart.`,
        action: { type: 'update_cart', change: { type: 'remove', ...change } },
      }
    }
    const left = line.size ? stockOfSize(entry.product, line.size) : entry.product.stock
    if (quantity > left) {
      return {
        message: `Only ${left} of ${productLink(entry)} ${left === 1 ? 'is' : 'are'} left${line.size ? ` in size ${line.size}` : ''}.`,
      }
    }
    return {
      message: `Done: ${quantity} × ${describeLine(line)} in your cart now.`,
      action: { type: 'update_cart', change: { type: 'set_quantity', ...change, quantity } },
    }
  }
  const mention =
    findSizeMention(text.replace(/\bsize to\b/, 'size'), false) ??
    findSizeMention(text.replace(/^.*\bto\b\s*/, ''), true)
  const size =
    mention && needsSize(entry.product) ? sizeFor(mention, entry.product).label : undefined
  const color = colourFor(
    text.replace(line.color ? new RegExp(`\\b${line.color.toLowerCase()}\\b`, 'g') : /$^/, ' '),
    entry,
  )
  if (size && !sizesInStock(entry.product).includes(size)) {
    return {
      message: `Size ${size} of ${productLink(entry)} is sold out. In stock: ${listWords(sizesInStock(entry.product))}.`,
      quickReplies: sizesInStock(entry.product).map((s) => `Change the size to ${s}`.slice(0, 40)),
    }
  }
  if (!size && !color) {
    const sizes = needsSize(entry.product) ? sizesInStock(entry.product) : []
    return {
      message:
        `What would you like instead for ${productLink(entry)}? ${sizes.length > 0 ? `Sizes in stock: ${listWords(sizes)}. ` : ''}${entry.product.colors.length > 1 ? `Colours: ${listWords(entry.product.colors, 'or')}.` : ''}`.trim(),
    }
  }
  const parts = [size ? `size ${size}` : '', color ?? ''].filter(Boolean)
  return {
    message: `Done: ${line.name} is now in ${parts.join(', ')}.`,
    action: {
      type: 'update_cart',
      change: {
        type: 'set_options',
        ...change,
        ...(size ? { size } : {}),
        ...(color ? { color } : {}),
      },
    },
  }
}
