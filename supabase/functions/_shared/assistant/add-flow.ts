import type { CatalogueIndex, IndexedProduct } from './catalogue-index.ts'
import { linkedProducts } from './context.ts'
import { listWords, priceText, productLink } from './format.ts'
import { parseAddRequest } from './intents.ts'
import {
  colourFor,
  findSizeMention,
  needsColour,
  needsSize,
  sizeFor,
  sizesInStock,
  stockOfSize,
} from './options.ts'
import { normalizeText } from './text.ts'
import type { AssistantReply, ChatMessage } from './types.ts'

/**
 * Adding to the cart the way a shop assistant does: nothing goes in without the size and colour the
 * product needs. A missing choice is asked for with the choices in stock as quick replies; a size the
 * shopper already gave (in any common form) is applied, converted through the size guide when needed.
 * The questions themselves carry the state: the next turn finds the product in the question's link and
 * the choices in the shopper's messages since the request.
 */
export const ASK_SIZE = 'Which size would you like'
export const ASK_COLOUR = 'Which colour would you like'
export const ADDED = "Done! I've added"
export const MAX_QUANTITY = 20

const asksChoice = (text: string) => text.includes(ASK_SIZE) || text.includes(ASK_COLOUR)

export interface PendingChoice {
  entry: IndexedProduct
  /** The shopper's request and each answer since, oldest first. */
  texts: string[]
}

/** The product the assistant just asked a size or colour for, with what the shopper said since. */
export function pendingChoice(
  history: readonly ChatMessage[],
  index: CatalogueIndex,
): PendingChoice | undefined {
  let j = history.length - 1
  const last = history[j]
  if (!last || last.role !== 'assistant' || !asksChoice(last.content)) return undefined
  const entry = linkedProducts(last.content, index)[0]
  if (!entry) return undefined
  const texts: string[] = []
  while (j >= 1 && history[j]!.role === 'assistant' && asksChoice(history[j]!.content)) {
    const asked = history[j - 1]!
    if (asked.role !== 'user') break
    texts.unshift(asked.content)
    j -= 2
  }
  return texts.length > 0 ? { entry, texts } : undefined
}

/** Whether a message answers the pending question (a size, a colour, or "add it"). */
export function answersChoice(message: string, pending: PendingChoice): boolean {
  const { product } = pending.entry
  if (findSizeMention(message, true)) return true
  if (colourFor(message, pending.entry)) return true
  const chips = [...product.sizes, ...product.colors].map((chip) => chip.toLowerCase())
  return chips.includes(message.trim().toLowerCase())
}

interface Chosen {
  size?: string
  color?: string
  /** The reason a size named could not be used. */
  sizeProblem?: string
  converted?: string
}

function chosenOptions(entry: IndexedProduct, texts: readonly string[]): Chosen {
  const { product } = entry
  const chosen: Chosen = {}
  texts.forEach((text, i) => {
    const answer = i > 0
    const mention = findSizeMention(text, answer)
    if (mention && needsSize(product)) {
      const choice = sizeFor(mention, product)
      if (choice.label) {
        chosen.size = choice.label
        delete chosen.sizeProblem
        if (choice.converted) chosen.converted = choice.converted
        else delete chosen.converted
      } else {
        delete chosen.size
        const how = choice.converted ? ` (${choice.converted} in our size guide)` : ''
        chosen.sizeProblem = `Sorry, ${productLink(entry)} doesn't come in ${mention.system === 'letter' || mention.system === 'number' ? `size ${mention.value}` : mention.text.toUpperCase()}${how}.`
      }
    }
    const colour = colourFor(text, entry)
    if (colour) chosen.color = colour
  })
  if (!chosen.color && product.colors.length === 1) chosen.color = product.colors[0]
  return chosen
}

function askSize(entry: IndexedProduct, chosen: Chosen, lead: string): AssistantReply {
  const sizes = sizesInStock(entry.product)
  const colour = chosen.color && needsColour(entry.product) ? ` in ${chosen.color}` : ''
  const gone = entry.product.sizes.filter((size) => !sizes.includes(size))
  const goneNote =
    gone.length > 0 ? ` (${listWords(gone)} ${gone.length === 1 ? 'is' : 'are'} sold out)` : ''
  return {
    message: `${lead}${ASK_SIZE} for ${productLink(entry)}${colour}? In stock: ${listWords(sizes, 'and')}${goneNote}. Our [size guide](/size-guide) converts UK and US sizes.`,
    quickReplies: sizes,
  }
}

function askColour(entry: IndexedProduct, chosen: Chosen): AssistantReply {
  const size = chosen.size ? ` in size ${chosen.size}` : ''
  return {
    message: `${ASK_COLOUR} for ${productLink(entry)}${size}? It comes in ${listWords(entry.product.colors, 'or')}.`,
    quickReplies: [...entry.product.colors],
  }
}

/**
 * Adds `entry` once its size and colour are known from `texts` (the request, then the answers), or asks
 * for the first one missing. `quantity` comes from the request.
 */
export function completeAdd(
  entry: IndexedProduct,
  texts: readonly string[],
  quantity: number,
): AssistantReply {
  const { product } = entry
  if (product.stock <= 0 || (needsSize(product) && sizesInStock(product).length === 0)) {
    return {
      message: `Sorry, ${productLink(entry)} is sold out right now. Would you like me to find something similar?`,
    }
  }
  if (quantity < 1 || quantity > MAX_QUANTITY) {
    return {
      message: `I can add between 1 and ${MAX_QUANTITY} of ${productLink(entry)} at a time. How many would you like?`,
    }
  }
  if (quantity > product.stock) {
    return {
      message: `Only ${product.stock} of ${productLink(entry)} ${product.stock === 1 ? 'is' : 'are'} left in stock. Shall I add ${product.stock === 1 ? 'it' : product.stock}?`,
    }
  }
  const chosen = chosenOptions(entry, texts)
  if (needsSize(product)) {
    if (!chosen.size)
      return askSize(entry, chosen, chosen.sizeProblem ? `${chosen.sizeProblem} ` : '')
    const left = stockOfSize(product, chosen.size)
    if (left <= 0) {
      return askSize(
        entry,
        chosen,
        `Sorry, size ${chosen.size} is sold out in ${productLink(entry)}. `,
      )
    }
    if (quantity > left) {
      return {
        message: `Only ${left} of ${productLink(entry)} ${left === 1 ? 'is' : 'are'} left in size ${chosen.size}. Shall I add ${left === 1 ? 'it' : left}?`,
      }
    }
  }
  if (needsColour(product) && !chosen.color) return askColour(entry, chosen)

  const each = quantity > 1 ? ' each' : ''
  const count = quantity > 1 ? `${quantity} × ` : ''
  const options = [chosen.size ? `size ${chosen.size}` : '', chosen.color ?? ''].filter(Boolean)
  const what = options.length > 0 ? ` in ${options.join(', ')}` : ''
  const converted = chosen.converted ? ` (${chosen.converted} in our size guide)` : ''
  return {
    message: `${ADDED} ${count}${productLink(entry)}${what}${converted} to your cart at ${priceText(entry)}${each}. Anything else, or shall I take you to checkout?`,
    action: {
      type: 'add_to_cart',
      product: {
        productId: product.id,
        name: product.name,
        price: entry.price,
        quantity,
        ...(chosen.size ? { size: chosen.size } : {}),
        ...(chosen.color ? { color: chosen.color } : {}),
        ...(product.image ? { image: product.image } : {}),
        slug: product.slug,
      },
    },
  }
}

/** "Add another one" right after adding: the same size and colour as that line. */
export function previousChoice(
  previousReply: string,
  entry: IndexedProduct,
  index: CatalogueIndex,
): string[] {
  if (!previousReply.startsWith(ADDED)) return []
  if (linkedProducts(previousReply, index)[0]?.product.id !== entry.product.id) return []
  return [previousReply.split(' to your cart')[0] ?? '']
}

/** The pending question answered: the product from the question, the quantity from the request. */
export function continueAdd(pending: PendingChoice, latest: string): AssistantReply {
  const origin = parseAddRequest(normalizeText(pending.texts[0] ?? ''))
  return completeAdd(pending.entry, [...pending.texts, latest], origin.quantity ?? 1)
}
