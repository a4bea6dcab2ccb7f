import { findSizeMention } from './options.ts'
import {
  ADDED,
  answersChoice,
  completeAdd,
  continueAdd,
  pendingChoice,
  previousChoice,
} from './add-flow.ts'
import { indexCatalogue, type CatalogueIndex, type IndexedProduct } from './catalogue-index.ts'
import { conversationContext, type Context } from './context.ts'
import { withCards } from './cards.ts'
import { cartEdit, cartReply } from './cart-talk.ts'
import { codeIntent, codeReply } from './code-talk.ts'
import { formatKes, listWords, productLink, productList, priceText, quoted } from './format.ts'
import { refusalFor, refusalMessage } from './guard.ts'
import { findOrdinal, parseAddRequest, stripPleasantries, topicOf } from './intents.ts'
import { isProductQuery, parseProductQuery, parseSize, type ProductQuery } from './query.ts'
import { clearWinner, searchCatalogue, type Ranked, type SearchOutcome } from './search.ts'
import {
  contactAnswer,
  defaultStoreFacts,
  deliveryAnswer,
  findPlace,
  hoursAnswer,
  paymentAnswer,
  returnsAnswer,
  saleBannerNote,
  sizeAnswer,
  sizeTopic,
  type SizeTopic,
  type StoreFacts,
} from './store-answers.ts'
import { outfitReply } from './outfit.ts'
import type { Occasion } from './shopper.ts'
import { sizeAdvice } from './size-advice.ts'
import { stopWords, words } from './text.ts'
import type { AssistantReply, CartLine, Catalogue, ChatMessage } from './types.ts'

/**
 * The default assistant: answers from the live catalogue and the store's facts, with no model and no
 * I/O. Every product, price and discount it mentions is read from the catalogue it is given; it never
 * quotes the shopper's text back except as plain letters and digits.
 */
export const LIST_LIMIT = 6
export { MAX_QUANTITY } from './add-flow.ts'
export const ASK_WHICH_TO_ADD = 'Which one would you like me to add?'

interface Turn {
  index: CatalogueIndex
  context: Context
  facts: StoreFacts
  /** The latest assistant message (a question it asked shapes how the answer is read). */
  previousReply: string
}

export function answer(
  messages: readonly ChatMessage[],
  catalogue: Catalogue,
  facts: StoreFacts = defaultStoreFacts,
  cart?: readonly CartLine[],
): AssistantReply {
  const reply = respond(messages, catalogue, facts, cart)
  return withCards(reply, indexCatalogue(catalogue))
}

/**
 * Whether the engine answers this message even when a model is switched on: cart edits (with the cart
 * the app sent) and discount codes follow fixed rules, so the model is never asked to improvise them.
 */
export function engineAnswers(
  messages: readonly ChatMessage[],
  cart: readonly CartLine[] | undefined,
): boolean {
  const latest = [...messages].reverse().find((message) => message.role === 'user')?.content
  if (latest === undefined) return false
  const refusal = refusalFor(latest)
  if (refusal === 'injection' || refusal === 'private') return false
  if (codeIntent(latest)) return true
  const { rest } = stripPleasantries(latest)
  const topic = topicOf(rest)
  return Boolean(cart && cartEdit(rest) && topic !== 'add' && topic !== 'checkout')
}

function respond(
  messages: readonly ChatMessage[],
  catalogue: Catalogue,
  facts: StoreFacts,
  cart: readonly CartLine[] | undefined,
): AssistantReply {
  const lastUser = findLastIndex(messages, (message) => message.role === 'user')
  if (lastUser < 0) return { message: greeting(facts) }
  const latest = messages[lastUser]!.content
  const refusal = refusalFor(latest)
  if (refusal === 'injection' || refusal === 'private') return { message: refusalMessage(refusal) }
  // "Use my code SAVE10": the code goes to the cart's code box; amounts asked for are refused below.
  const code = codeIntent(latest)
  if (code) return codeReply(code)
  if (refusal) return { message: refusalMessage(refusal) }

  const index = indexCatalogue(catalogue)
  const history = messages.slice(0, lastUser)
  const previousReply = [...history].reverse().find((m) => m.role === 'assistant')?.content ?? ''
  const turn: Turn = {
    index,
    context: conversationContext(history, index),
    facts,
    previousReply,
  }
  const { rest, greeted, thanked } = stripPleasantries(latest)
  let topic = topicOf(rest)
  // "Remove the gown", "make it 2", "change the size to L": the cart the app sent.
  const edit = cartEdit(rest)
  if (edit && cart && topic !== 'add' && topic !== 'checkout') {
    return cartReply(rest, edit, cart, index)
  }
  // "M" or "black" right after "Which size would you like…?" answers that question.
  const pending = pendingChoice(history, index)
  if (
    pending &&
    (topic === 'browse' || topic === 'details' || topic === 'add' || topic === 'empty') &&
    (answersChoice(rest, pending) || (topic === 'add' && !parseAddRequest(rest).description))
  ) {
    return continueAdd(pending, rest)
  }
  // "The second one" right after "Which one would you like me to add?" is an answer to that question.
  if (
    previousReply.includes(ASK_WHICH_TO_ADD) &&
    (topic === 'browse' || topic === 'details') &&
    (findOrdinal(rest) !== undefined || /\b(one|it|that|this)\b/.test(rest))
  ) {
    topic = 'add'
  } else if (
    previousReply.startsWith(ADDED) &&
    (topic === 'browse' || topic === 'details') &&
    /\b(too|also|as well|another|same)\b/.test(rest)
  ) {
    // "And the third one too" after adding one.
    topic = 'add'
  } else if (
    (topic === 'browse' || topic === 'details') &&
    isPlaceQuestion(rest, facts, previousReply)
  ) {
    // "And to Westlands?" after a delivery answer.
    topic = 'delivery'
  } else if (
    topic === 'browse' &&
    findOrdinal(rest) !== undefined &&
    turn.context.products.length + turn.context.list.length > 0
  ) {
    // "The second one?" after a list: that product's details.
    topic = 'details'
  }

  switch (topic) {
    case 'empty':
      if (thanked && !greeted) return { message: thanksReply() }
      return { message: greeting(facts) }
    case 'greeting':
      return { message: greeting(facts) }
    case 'thanks':
      return { message: thanksReply() }
    case 'goodbye':
      return {
        message: `Thank you for shopping with ${facts.store.name}! Come back any time. *Kwaheri!*`,
      }
    case 'help':
      return { message: capabilities() }
    case 'off-topic':
      return { message: offTopicReply(facts) }
    case 'checkout':
      return {
        message:
          'Taking you to checkout now. You can pay by M-Pesa or cash on delivery, and guests can check out with a phone number and email.',
        action: { type: 'navigate_to_checkout' },
      }
    case 'view-cart':
      return { message: "Here's your cart.", action: { type: 'view_cart' } }
    case 'remove-from-cart':
      return {
        message:
          "I can't take items out of your cart from the chat, but I've opened it for you: use **Remove** or the minus button on the line.",
        action: { type: 'view_cart' },
      }
    case 'add':
      return addToCart(rest, turn)
    case 'payment':
      return { message: paymentAnswer(facts) }
    case 'delivery':
      return { message: deliveryAnswer(rest, facts) }
    case 'returns':
      return { message: returnsAnswer(facts) }
    case 'hours':
      return { message: hoursAnswer(facts) }
    case 'contact':
      return { message: contactAnswer(facts) }
    case 'size-guide':
      return (
        sizeAdvice(rest, turn) ?? {
          message: sizeAnswer(sizeTopic(rest) ?? topicOfProducts(turn.context.products)),
        }
      )
    case 'more':
      return showMore(turn)
    case 'details':
      return details(rest, turn) ?? browse(rest, turn)
    case 'browse':
      return browse(rest, turn)
  }
}

const placeWords = new Set(['county', 'town', 'city', 'area', 'estate', 'kwa', 'then', 'same'])

/** "Mombasa?" or "and to Westlands?" after a delivery answer: a question about delivering there. */
function isPlaceQuestion(rest: string, facts: StoreFacts, previousReply: string): boolean {
  const place = findPlace(rest, facts)
  if (!place) return false
  const others = words(rest.replace(/-/g, ' ')).filter(
    (word) => !stopWords.has(word) && !placeWords.has(word) && !place.words.includes(word),
  )
  // Right after a delivery answer, "and to Westlands?" needs no more words than that.
  return others.length === 0 && (/\bdelivery\b/i.test(previousReply) || words(rest).length <= 3)
}

function findLastIndex<T>(items: readonly T[], test: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i]!)) return i
  return -1
}

function greeting(facts: StoreFacts): string {
  return `Hello, and welcome to ${facts.store.name}! I can find products for you, help with sizes and delivery, add items to your cart and take you to checkout. What are you looking for today?`
}

function thanksReply(): string {
  return "You're welcome! Is there anything else I can help you find?"
}

function capabilities(): string {
  return [
    'I can help you:',
    '• find products, e.g. *Nike Air Jordans*, *designer handbag under 300k* or *red dress in size M*',
    "• show what's new and what's on sale",
    '• answer questions about sizes, delivery fees, returns, payment and opening hours',
    '• add items to your cart, show your cart and take you to checkout',
  ].join('\n')
}

function offTopicReply(facts: StoreFacts): string {
  return `I'm the ${facts.store.name} shopping assistant, so I can't help with that. I can find fashion, shoes, bags, jewellery, beauty and watches for you: try *Nike Air Jordans* or *what's on sale*.`
}

function topicOfProducts(products: readonly IndexedProduct[]): SizeTopic | undefined {
  const first = products[0]?.product
  if (!first) return undefined
  if (first.category === 'shoes' || first.subcategory === 'kids-shoes') return 'shoes'
  if (first.category === 'kids') return 'kids'
  if (first.subcategory === 'rings') return 'rings'
  if (first.category.endsWith('watches')) return 'watches'
  if (first.sizes.some((size) => /^\d{2}$/.test(size))) return 'waist'
  return 'clothing'
}

/** The words of a query as the shopper typed them, plus its limits: "designer handbag under KSH 20,000". */
function describe(query: ProductQuery, parts: { price?: boolean; size?: boolean } = {}): string {
  const words = quoted([
    ...query.colours,
    ...query.terms.map((t) => t.text),
    ...query.softTerms.map((t) => t.text),
  ])
  const fallback = query.gift
    ? 'gifts'
    : query.onSale
      ? 'sale items'
      : query.newArrivals
        ? 'new arrivals'
        : query.occasion
          ? 'something to wear'
          : 'products'
  const pieces = [words || fallback]
  if (query.gift && words) pieces.push('as a gift')
  if (query.audience) pieces.push(`for ${query.audience === 'kids' ? 'kids' : query.audience}`)
  if (query.occasion) pieces.push(`for ${occasionPhrase[query.occasion]}`)
  if (parts.size !== false && query.size) pieces.push(`in size ${query.size}`)
  if (parts.price !== false) {
    const limit = priceLimit(query)
    if (limit) pieces.push(limit)
  }
  return pieces.join(' ')
}

const occasionPhrase: Record<Occasion, string> = {
  wedding: 'a wedding',
  office: 'the office',
  church: 'church',
  safari: 'a safari',
  beach: 'the beach',
  party: 'a party',
}

function priceLimit(query: ProductQuery): string {
  if (query.around !== undefined) return `around ${formatKes(query.around)}`
  if (query.minPrice !== undefined && query.maxPrice !== undefined) {
    return `between ${formatKes(query.minPrice)} and ${formatKes(query.maxPrice)}`
  }
  if (query.maxPrice !== undefined) return `under ${formatKes(query.maxPrice)}`
  if (query.minPrice !== undefined) return `over ${formatKes(query.minPrice)}`
  return ''
}

function isRefinement(query: ProductQuery, rest: string): boolean {
  // Someone else, another occasion or a gift is another subject: nothing carries over.
  if (query.terms.length > 0 || query.audience || query.occasion || query.gift) return false
  const constrains =
    query.maxPrice !== undefined ||
    query.minPrice !== undefined ||
    query.size !== undefined ||
    query.colours.length > 0
  const pointsBack = /\b(them|those|these|any of|of them|ones|one|it)\b/.test(rest)
  return constrains || (pointsBack && (query.onSale || query.sort !== undefined))
}

/** "Any under 20k?" after a list: the earlier request with the new limits. */
function refine(previous: ProductQuery, next: ProductQuery): ProductQuery {
  const merged: ProductQuery = {
    ...previous,
    colours: next.colours.length > 0 ? next.colours : previous.colours,
    onSale: previous.onSale || next.onSale,
    newArrivals: previous.newArrivals || next.newArrivals,
  }
  if (next.maxPrice !== undefined) merged.maxPrice = next.maxPrice
  if (next.minPrice !== undefined) merged.minPrice = next.minPrice
  if (next.size !== undefined) merged.size = next.size
  if (next.sort !== undefined) merged.sort = next.sort
  return merged
}

/**
 * The products to show first: best first, but among equally good matches one per brand before a second
 * of the same brand, so "designer handbag" shows Gucci, Prada, Dior… rather than two Guccis.
 */
function firstPage(ranked: readonly Ranked[], query: ProductQuery): IndexedProduct[] {
  if (query.sort === 'price-asc' || query.sort === 'price-desc') {
    return ranked.slice(0, LIST_LIMIT).map((r) => r.entry)
  }
  const remaining = [...ranked]
  const picked: IndexedProduct[] = []
  const brands = new Set<string>()
  while (picked.length < LIST_LIMIT && remaining.length > 0) {
    const best = remaining[0]!.score
    let at = remaining.findIndex(
      (r) => r.score >= best - 0.5 && !brands.has(r.entry.product.brand ?? r.entry.product.id),
    )
    if (at < 0) at = 0
    const [chosen] = remaining.splice(at, 1)
    picked.push(chosen!.entry)
    brands.add(chosen!.entry.product.brand ?? chosen!.entry.product.id)
  }
  return picked
}

function newestFirst(results: Ranked[]): Ranked[] {
  return [...results].sort((a, b) =>
    b.entry.product.createdAt.localeCompare(a.entry.product.createdAt),
  )
}

function browse(rest: string, turn: Turn): AssistantReply {
  const { index, context } = turn
  let query = parseProductQuery(rest, index)
  if (!isProductQuery(query)) {
    if (query.unknown.length > 0) {
      return {
        message: `I couldn't find anything in our catalogue for *${quoted(query.unknown)}*. Try another word (like *dress*, *sneakers*, *handbag* or *watch*), or browse [all products](/products).`,
      }
    }
    return { message: capabilities() }
  }
  // "Which is the cheapest?" about the list just shown.
  if (
    query.terms.length === 0 &&
    query.sort &&
    !isRefinementWithLimits(query) &&
    context.list.length > 1 &&
    !query.onSale &&
    !query.newArrivals
  ) {
    return pickFromShown(query, context.list)
  }
  if (context.askedBy && isRefinement(query, rest)) {
    query = refine(parseProductQuery(context.askedBy, index), query)
  }
  // An occasion with a budget, or an outfit asked for: a set that goes together.
  if (
    (query.outfit || (query.occasion && query.maxPrice !== undefined)) &&
    query.terms.length === 0 &&
    !query.gift
  ) {
    const outfit = outfitReply(index, query)
    if (outfit) return outfit
  }
  return listing(query, searchCatalogue(index, query), turn)
}

function isRefinementWithLimits(query: ProductQuery) {
  return (
    query.maxPrice !== undefined ||
    query.minPrice !== undefined ||
    query.size !== undefined ||
    query.colours.length > 0
  )
}

function pickFromShown(query: ProductQuery, shown: readonly IndexedProduct[]): AssistantReply {
  const sorted = [...shown].sort((a, b) => {
    if (query.sort === 'price-desc') return b.price - a.price
    if (query.sort === 'rating') return b.product.rating - a.product.rating
    return a.price - b.price
  })
  const best = sorted[0]!
  const what =
    query.sort === 'price-desc'
      ? 'the most expensive'
      : query.sort === 'rating'
        ? 'the best rated'
        : 'the most affordable'
  return {
    message: `Of those, ${what} is ${productLink(best)} at ${priceText(best)}. Shall I add it to your cart?`,
  }
}

function listing(query: ProductQuery, outcome: SearchOutcome, turn: Turn): AssistantReply {
  const { facts } = turn
  const { matches } = outcome
  if (matches.length > 0) {
    const ordered = query.newArrivals && query.terms.length === 0 ? newestFirst(matches) : matches
    const shown = firstPage(ordered, query)
    const lines: string[] = []
    const count = matches.length
    const items = count === 1 ? '1 item' : `${count} items`
    if (query.minDiscount && query.terms.length === 0 && !isRefinementWithLimits(query)) {
      lines.push(`Here are **${items}** at ${query.minDiscount}% off or more:`)
    } else if (query.onSale && query.terms.length === 0 && !isRefinementWithLimits(query)) {
      const deepest = Math.max(...matches.map((r) => r.entry.product.discount))
      lines.push(
        `Here's what's on sale right now: **${items}**, up to **${deepest}% off**. The biggest savings:`,
      )
    } else if (query.newArrivals && query.terms.length === 0 && !isRefinementWithLimits(query)) {
      lines.push(`Here are our newest arrivals (**${items}** in all):`)
    } else if (outcome.colourSubstitutes) {
      lines.push(
        `We don't have ${quoted(query.colours)} exactly, but these come in ${listWords(outcome.colourSubstitutes)} (${items}):`,
      )
    } else {
      lines.push(`Here's what I found for *${describe(query)}* (${items}):`)
    }
    lines.push(productList(shown))
    if (count > LIST_LIMIT) {
      lines.push(
        `…and ${count - LIST_LIMIT} more. Say *show more*, or narrow it down by price, colour or size.`,
      )
    }
    if (query.onSale) lines.push(saleBannerNote(facts))
    else if (query.newArrivals)
      lines.push('See them all on our [new arrivals page](/new-arrivals).')
    lines.push(
      shown.length === 1
        ? 'Would you like me to add it to your cart?'
        : 'Would you like me to add one to your cart? Just say, for example, *add the first one*.',
    )
    return { message: lines.join('\n') }
  }
  const relaxed = outcome.relaxed
  if (relaxed) {
    const shown = relaxed.matches.slice(0, LIST_LIMIT).map((r) => r.entry)
    const intro: Record<typeof relaxed.dropped, string> = {
      price: `I couldn't find ${describe(query, { price: false })} ${priceLimit(query)} right now. The closest in price:`,
      size: `I couldn't find ${describe(query, { size: false })} in size ${query.size ?? ''} right now. Here they are in other sizes:`,
      colour: `I couldn't find ${describe(query)} in that colour. Here are the other colours:`,
      sale: `None of the ${describe(query)} are on sale right now. Here they are at their regular price:`,
      new: `There are no new arrivals for ${describe(query)}, but here's what we have:`,
      occasion: `I couldn't find ${describe(query)} made for that occasion, so I left the occasion out. These come closest:`,
      terms: `I couldn't find an exact match for *${describe(query)}*. These come closest:`,
    }
    return {
      message: [intro[relaxed.dropped], productList(shown), 'Would you like any of these?'].join(
        '\n',
      ),
    }
  }
  return {
    message: `I couldn't find anything matching *${describe(query)}*. Try different words, or browse [all products](/products) and our [sale](/sale).`,
  }
}

function showMore(turn: Turn): AssistantReply {
  const { context, index } = turn
  if (!context.askedBy) {
    return { message: `What would you like to see? ${capabilities()}` }
  }
  const query = parseProductQuery(context.askedBy, index)
  const outcome = searchCatalogue(index, query)
  const pool = outcome.matches.length > 0 ? outcome.matches : (outcome.relaxed?.matches ?? [])
  const ordered = query.newArrivals && query.terms.length === 0 ? newestFirst(pool) : pool
  const unseen = ordered.filter((r) => !context.shown.has(r.entry.product.id))
  if (unseen.length === 0) {
    return {
      message: `That's everything I have for *${describe(query)}*. Would you like to look for something else?`,
    }
  }
  const shown = firstPage(unseen, query)
  const lines = [`Here are more for *${describe(query)}*:`, productList(shown)]
  if (unseen.length > LIST_LIMIT) lines.push(`…and ${unseen.length - LIST_LIMIT} more.`)
  lines.push('Would you like me to add one to your cart?')
  return { message: lines.join('\n') }
}

/** Products among those shown last that a description ("the Gucci one") points to. */
function withinShown(query: ProductQuery, turn: Turn): Ranked[] {
  const shown = turn.context.products
  if (shown.length === 0 || query.terms.length + query.colours.length === 0) return []
  return searchCatalogue({ ...turn.index, products: shown }, query).matches
}

type Resolution =
  | { kind: 'found'; entry: IndexedProduct }
  | { kind: 'choose'; options: IndexedProduct[]; intro: string }
  | { kind: 'none'; message: string }

/** Which product a message means: a position in the last list, a description, or "it". */
function resolveProduct(
  ordinal: number | 'last' | undefined,
  description: string,
  turn: Turn,
): Resolution {
  const shown = turn.context.products
  if (ordinal !== undefined) {
    const list = turn.context.list.length > 0 ? turn.context.list : shown
    if (list.length === 0) {
      return {
        kind: 'none',
        message: "I haven't shown you any products yet. What are you looking for?",
      }
    }
    const position = ordinal === 'last' ? list.length : ordinal
    const entry = list[position - 1]
    if (!entry) {
      return {
        kind: 'choose',
        options: list,
        intro: `I only listed ${list.length === 1 ? 'one product' : `${list.length} products`}. ${ASK_WHICH_TO_ADD}`,
      }
    }
    return { kind: 'found', entry }
  }
  const parsed = description ? parseProductQuery(description, turn.index) : undefined
  // Naming a product to add: an occasion word ("party dress") describes it, it does not filter.
  const query = parsed ? { ...parsed, occasion: undefined, outfit: false } : undefined
  const hasWords = query && (query.terms.length > 0 || query.colours.length > 0)
  if (query && hasWords) {
    const inShown = withinShown(query, turn)
    const pickedFromShown = clearWinner(inShown)
    if (pickedFromShown) return { kind: 'found', entry: pickedFromShown.entry }
    const outcome = searchCatalogue(turn.index, {
      ...query,
      size: undefined,
      colours: query.colours,
    })
    const picked = clearWinner(outcome.matches)
    if (picked) return { kind: 'found', entry: picked.entry }
    if (inShown.length > 1) {
      return { kind: 'choose', options: inShown.map((r) => r.entry), intro: ASK_WHICH_TO_ADD }
    }
    if (outcome.matches.length > 1) {
      return {
        kind: 'choose',
        options: outcome.matches.slice(0, 5).map((r) => r.entry),
        intro: `I found several matches for *${describe(query, { size: false })}*. ${ASK_WHICH_TO_ADD}`,
      }
    }
    return {
      kind: 'none',
      message: `I couldn't find *${describe(query, { size: false })}* in our catalogue. Could you describe it another way, or ask me to show you what we have?`,
    }
  }
  if (shown.length === 1) return { kind: 'found', entry: shown[0]! }
  if (shown.length > 1) return { kind: 'choose', options: shown, intro: ASK_WHICH_TO_ADD }
  return {
    kind: 'none',
    message:
      'What would you like me to add? Tell me the product (for example *add a silk evening gown*), or ask me to find something first.',
  }
}

function chooseReply(options: readonly IndexedProduct[], intro: string): AssistantReply {
  return {
    message: [intro, productList(options), 'Say, for example, *the first one*.'].join('\n'),
  }
}

function sizeNote(entry: IndexedProduct, size: string | undefined): { ok: boolean; text: string } {
  const sizes = entry.product.sizes
  if (!size || sizes.length === 0) return { ok: true, text: '' }
  if (sizes.every((s) => /one size/i.test(s))) {
    return { ok: true, text: ` ${productLink(entry)} is one size, so there is no size to choose.` }
  }
  const fits = sizes.some(
    (label) => label === size || label === `EU ${size}` || label.split('/').includes(size),
  )
  if (fits) return { ok: true, text: ` Size ${size} is available.` }
  return {
    ok: false,
    text: `Sorry, ${productLink(entry)} doesn't come in size ${size}. It comes in ${listWords(sizes, 'or')}.`,
  }
}

function addToCart(rest: string, turn: Turn): AssistantReply {
  const request = parseAddRequest(rest)
  if (request.several) {
    const shown = turn.context.products
    if (shown.length > 0) {
      return chooseReply(shown, `I can add one product at a time. ${ASK_WHICH_TO_ADD}`)
    }
  }
  // The size ("in UK 6") says which size, not which product.
  const mention = findSizeMention(request.description)
  const description = mention
    ? request.description
        .replace(mention.text, ' ')
        .replace(/\b(in|size)\s*$/, '')
        .trim()
    : request.description
  const resolution = resolveProduct(request.ordinal, description, turn)
  if (resolution.kind === 'none') return { message: resolution.message }
  if (resolution.kind === 'choose') return chooseReply(resolution.options, resolution.intro)
  const earlier = previousChoice(turn.previousReply, resolution.entry, turn.index)
  return completeAdd(resolution.entry, [...earlier, rest], request.quantity ?? 1)
}

function details(rest: string, turn: Turn): AssistantReply | undefined {
  const ordinal = findOrdinal(rest)
  const sized = parseSize(rest)
  const sizeAsked = sized?.size
  const stripped = (sized?.rest ?? rest)
    .replace(
      /\b(tell me|more|about|details?|info|information|describe|what|which|sizes?|colou?rs?|in stock|available|come in|does|do|you|have|is|it|this|that|them|they|how much|price|of|the|one|on|for|in)\b/g,
      ' ',
    )
    .trim()
  const description = stripped.replace(/[^a-z0-9' -]/g, ' ').trim()
  const resolution = resolveProduct(ordinal, description, turn)
  if (resolution.kind !== 'found') {
    if (turn.context.products.length === 0 && ordinal === undefined) return undefined
    if (resolution.kind === 'choose') {
      return chooseReply(resolution.options, 'Which one do you mean?')
    }
    return { message: resolution.message }
  }
  const { entry } = resolution
  const { product } = entry
  const lines: string[] = []
  if (sizeAsked) {
    const note = sizeNote(entry, sizeAsked)
    const oneSize = product.sizes.every((label) => /one size/i.test(label))
    if (oneSize) lines.push(note.text.trim())
    else lines.push(note.ok ? `Yes, ${productLink(entry)} comes in size ${sizeAsked}.` : note.text)
  }
  lines.push(
    `**${productLink(entry)}**${product.brand ? ` by ${product.brand}` : ''}: ${priceText(entry)}`,
  )
  lines.push(product.description)
  if (product.sizes.length > 0) lines.push(`Sizes: ${product.sizes.join(', ')}`)
  if (product.colors.length > 0) lines.push(`Colours: ${product.colors.join(', ')}`)
  lines.push(
    product.stock <= 0
      ? 'It is sold out right now.'
      : product.stock <= 3
        ? `Only ${product.stock} left in stock.`
        : 'In stock.',
  )
  if (product.stock > 0) lines.push('Would you like me to add it to your cart?')
  return { message: lines.join('\n') }
}
