import { delivery } from '../../../../supabase/functions/_shared/store-config'
import type {
  AssistantReply,
  Catalogue,
  CatalogueProduct,
} from '../../../../supabase/functions/_shared/assistant/types'

/** What the shopper pays: the database's rounding of price less discount. */
export const paid = (product: CatalogueProduct) =>
  Math.round((product.price * (100 - product.discount)) / 100)

/** Products a reply links to (`[Name](/product/slug)`), in order; unknown slugs come back as null. */
export function linkedProducts(
  reply: AssistantReply,
  catalogue: Catalogue,
): (CatalogueProduct | null)[] {
  return [...reply.message.matchAll(/\]\(\/product\/([^)\s]+)\)/g)].map(
    (match) => catalogue.products.find((product) => product.slug === match[1]) ?? null,
  )
}

/** Amounts the shopper typed ("under 20k", "KSh 20,000"): the reply may repeat them as limits. */
function amountsIn(text: string): number[] {
  return [...text.toLowerCase().matchAll(/(\d[\d,]*)\s*(k\b|thousand)?/g)]
    .map((match) => {
      const value = Number(match[1]!.replace(/,/g, ''))
      return match[2] ? value * 1000 : value
    })
    .flatMap((value) => [value, value * 140])
}

/**
 * The assistant's promise, checked on any reply: every product it links exists, every amount of money it
 * quotes is the real price (or original price) of a product it links, their sum, or a delivery fee, every
 * percentage is the real discount of a linked product (a price limit the shopper typed may be repeated), the add_to_cart action carries a real product
 * with its real name and price, and the text holds no HTML. Returns the problems found (empty = fine).
 */
export function groundingProblems(
  reply: AssistantReply,
  catalogue: Catalogue,
  said = '',
): string[] {
  const problems: string[] = []
  if (typeof reply.message !== 'string' || !reply.message.trim()) problems.push('empty message')
  if (/<\s*[a-z!/]/i.test(reply.message)) problems.push('HTML in the message')
  const linked = linkedProducts(reply, catalogue)
  if (linked.includes(null)) problems.push('links a product that is not in the catalogue')
  const known = linked.filter((product): product is CatalogueProduct => product !== null)
  const amounts = new Set<number>([
    delivery.fees.nairobi,
    delivery.fees.otherCounty,
    delivery.fees.pickup,
    delivery.freeFromKes,
    ...known.flatMap((product) => [product.price, paid(product)]),
    ...amountsIn(said),
    // An outfit's total: the sum of the products it links.
    known.reduce((sum, product) => sum + paid(product), 0),
  ])
  for (const match of reply.message.matchAll(/KSH ([\d,]+)/g)) {
    const amount = Number(match[1]!.replace(/,/g, ''))
    if (!amounts.has(amount)) problems.push(`quotes KSH ${match[1]}, which no linked product costs`)
  }
  // A discount a linked product has, or the shopper's own threshold echoed ("at 50% off or more").
  const discounts = new Set([
    ...known.map((product) => product.discount),
    ...[...said.matchAll(/(\d+)\s*%/g)].map((match) => Number(match[1])),
  ])
  for (const match of reply.message.matchAll(/(\d+)% off/g)) {
    if (!discounts.has(Number(match[1]))) problems.push(`claims ${match[1]}% off`)
  }
  const action = reply.action
  if (action?.type === 'add_to_cart') {
    const product = catalogue.products.find((p) => p.id === action.product.productId)
    if (!product) problems.push(`adds unknown product ${action.product.productId}`)
    else {
      if (action.product.name !== product.name) problems.push('adds with a wrong name')
      if (action.product.price !== paid(product)) problems.push('adds with a wrong price')
      const quantity = action.product.quantity ?? 1
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > product.stock) {
        problems.push(`adds an impossible quantity ${quantity}`)
      }
    }
  }
  return problems
}
