import type { CatalogueIndex, IndexedProduct } from './catalogue-index.ts'
import type { ChatMessage } from './types.ts'

const productLinks = /\]\(\/product\/([a-z0-9-]+)\)/g

/** Products an assistant message links to, in order, as they are in the catalogue now. */
export function linkedProducts(content: string, index: CatalogueIndex): IndexedProduct[] {
  const found: IndexedProduct[] = []
  const seen = new Set<string>()
  for (const match of content.matchAll(productLinks)) {
    const slug = match[1]!
    const entry = index.bySlug.get(slug) ?? index.byId.get(slug)
    if (entry && !seen.has(entry.product.id)) {
      seen.add(entry.product.id)
      found.push(entry)
    }
  }
  return found
}

export interface Context {
  /** Products linked in the latest assistant message that linked any ("it" refers here). */
  products: IndexedProduct[]
  /** The latest list of two or more products ("the second one" refers here). */
  list: IndexedProduct[]
  /** The user message that asked for that list ("show me more" repeats it). */
  askedBy?: string
  /** Every product shown so far in the conversation. */
  shown: Set<string>
}

/**
 * What earlier turns showed. The conversation itself is the memory: replies link every product they
 * mention, so a follow-up can be resolved from the messages the client sends back, with no server state.
 */
export function conversationContext(
  history: readonly ChatMessage[],
  index: CatalogueIndex,
): Context {
  const shown = new Set<string>()
  let products: IndexedProduct[] = []
  let list: IndexedProduct[] = []
  let askedBy: string | undefined
  history.forEach((message, i) => {
    if (message.role !== 'assistant') return
    const linked = linkedProducts(message.content, index)
    for (const entry of linked) shown.add(entry.product.id)
    if (linked.length > 0) products = linked
    if (linked.length > 1) {
      list = linked
      const previous = history[i - 1]
      askedBy = previous?.role === 'user' ? previous.content : undefined
    }
  })
  return askedBy === undefined ? { products, list, shown } : { products, list, askedBy, shown }
}
