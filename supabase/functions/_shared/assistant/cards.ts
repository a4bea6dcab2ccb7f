import type { CatalogueIndex, IndexedProduct } from './catalogue-index.ts'
import { linkedProducts } from './context.ts'
import { needsSize, sizesInStock } from './options.ts'
import type { AssistantReply, ProductCard } from './types.ts'

export const MAX_CARDS = 8

/** A product as a chat card: what it is, what it costs now, and what can be chosen. */
export function productCard(entry: IndexedProduct): ProductCard {
  const { product } = entry
  return {
    productId: product.id,
    slug: product.slug,
    name: product.name,
    price: entry.price,
    ...(product.discount > 0 ? { originalPrice: product.price } : {}),
    ...(product.image ? { image: product.image } : {}),
    ...(product.brand ? { brand: product.brand } : {}),
    sizes: needsSize(product) ? sizesInStock(product) : [],
    colors: [...product.colors],
    inStock: product.stock > 0 && (!needsSize(product) || sizesInStock(product).length > 0),
  }
}

/**
 * Replies that name products carry them as cards too (the words stay in the message). Not when the
 * reply acts on the cart: its confirmation shows the line instead.
 */
export function withCards(reply: AssistantReply, index: CatalogueIndex): AssistantReply {
  if (reply.action || reply.products) return reply
  const linked = linkedProducts(reply.message, index).slice(0, MAX_CARDS)
  return linked.length > 0 ? { ...reply, products: linked.map(productCard) } : reply
}
