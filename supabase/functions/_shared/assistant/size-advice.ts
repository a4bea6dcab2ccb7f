import { womenSizes } from '../size-guide.ts'
import type { CatalogueIndex, IndexedProduct } from './catalogue-index.ts'
import type { Context } from './context.ts'
import { listWords, productLink } from './format.ts'
import { findSizeMention, needsSize, sizeFor, sizesInStock } from './options.ts'
import { parseProductQuery } from './query.ts'
import { searchCatalogue } from './search.ts'
import type { AssistantReply } from './types.ts'

/** The product a size question names ("in the silk gown"), or the one just shown. */
function productAsked(
  rest: string,
  index: CatalogueIndex,
  context: Context,
): IndexedProduct | undefined {
  const mention = findSizeMention(rest)
  const words = (mention ? rest.replace(mention.text, ' ') : rest).replace(
    /\b(what|which|sizes?|should|shall|do|would|could|will|i|i'm|im|take|get|buy|order|wear|in|for|the|if|am|usually|normally|typically|generally|always|a|an|my|me|fits?|be|is|it|size|guide|chart|run|runs|true|to)\b/g,
    ' ',
  )
  const query = parseProductQuery(words, index)
  // A product by name ("the silk gown"), not a kind ("ring size" is about rings in general).
  if (query.terms.length >= 2) {
    const outcome = searchCatalogue(index, { ...query, size: undefined })
    const named = outcome.matches.find((r) => r.headMatch && r.nameHits >= 2)
    if (named) return named.entry
  }
  return mention && context.products.length === 1 ? context.products[0] : undefined
}

/**
 * "What size should I take in the silk gown if I am usually a UK 12?": the product's own size for the
 * shopper's usual one, read from the store's size guide, and whether it is in stock.
 */
export function sizeAdvice(
  rest: string,
  turn: { index: CatalogueIndex; context: Context },
): AssistantReply | undefined {
  const entry = productAsked(rest, turn.index, turn.context)
  if (!entry || !needsSize(entry.product)) return undefined
  const { product } = entry
  const inStock = sizesInStock(product)
  const mention = findSizeMention(rest)
  if (!mention) {
    return {
      message: `${productLink(entry)} comes in ${listWords(product.sizes, 'and')}; in stock now: ${listWords(inStock, 'and')}. Tell me your usual size (for example *UK 12* or *EU 40*) and I'll find yours, or see our [size guide](/size-guide).`,
    }
  }
  const choice = sizeFor(mention, product)
  if (!choice.label) {
    return {
      message: `I couldn't match ${mention.text.toUpperCase()} to the sizes of ${productLink(entry)} (${listWords(product.sizes, 'and')}). Our [size guide](/size-guide) has every table.`,
    }
  }
  const row = womenSizes.find((r) => r.size === choice.label)
  const measures =
    row && product.category === 'women' ? ` (bust ${row.bust} cm, waist ${row.waist} cm)` : ''
  const how = choice.converted
    ? `${choice.converted} in our size guide`
    : `you are a ${choice.label}`
  const stock = inStock.includes(choice.label)
    ? `Size ${choice.label} is in stock.`
    : `Size ${choice.label} is sold out right now; in stock: ${listWords(inStock, 'and')}.`
  return {
    message: `For ${productLink(entry)}, take **${choice.label}**: ${how}${measures}. ${stock} Between two sizes, take the larger for fitted pieces.`,
    ...(inStock.includes(choice.label) ? { quickReplies: [`Add it in size ${choice.label}`] } : {}),
  }
}
