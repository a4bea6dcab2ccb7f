import type { CatalogueIndex, IndexedProduct } from './catalogue-index.ts'
import { formatKes, listWords, productLine } from './format.ts'
import { needsSize, sizeFor, findSizeMention, sizesInStock } from './options.ts'
import type { ProductQuery } from './query.ts'
import { fitsAudience, fitsOccasion, type Audience, type Occasion } from './shopper.ts'
import type { AssistantReply } from './types.ts'

/**
 * An outfit for an occasion: one piece per slot (something to wear, shoes, a bag or an accessory) that
 * suits the occasion where the shop has such pieces, for the person it is for, in stock, and whose total
 * stays within the budget. The budget is spent well: of the sets that fit it, the one that suits the
 * occasion best and comes closest to it.
 */
interface Slot {
  name: string
  holds: (entry: IndexedProduct) => boolean
}

const sub = (entry: IndexedProduct) => entry.product.subcategory ?? ''

const slots: Record<Audience, Slot[]> = {
  women: [
    {
      name: 'outfit',
      holds: (e) => e.product.category === 'women' && ['dresses', 'matching-sets'].includes(sub(e)),
    },
    { name: 'shoes', holds: (e) => e.product.category === 'shoes' && sub(e) !== 'sneakers' },
    {
      name: 'bag',
      holds: (e) => e.product.category === 'bags' || sub(e) === 'bags',
    },
  ],
  men: [
    {
      name: 'outfit',
      holds: (e) => e.product.category === 'men' && ['tops', 'suits'].includes(sub(e)),
    },
    { name: 'shoes', holds: (e) => e.product.category === 'shoes' && sub(e) !== 'sneakers' },
    {
      name: 'accessory',
      holds: (e) => e.product.category === 'accessories' && ['belts', 'wallets'].includes(sub(e)),
    },
  ],
  kids: [
    {
      name: 'outfit',
      holds: (e) => e.product.category === 'kids' && ['girls', 'boys'].includes(sub(e)),
    },
    { name: 'shoes', holds: (e) => sub(e) === 'kids-shoes' },
  ],
}

const PER_SLOT = 8

interface Candidate {
  entry: IndexedProduct
  /** Made for the occasion (its tags say so). */
  suited: boolean
}

/** A slot's best-rated pieces for the occasion, and its cheapest pieces of any kind. */
function candidates(
  index: CatalogueIndex,
  slot: Slot,
  audience: Audience,
  occasion: Occasion | undefined,
  size: string | undefined,
): Candidate[] {
  const pool = index.products.filter((entry) => {
    const { product } = entry
    if (product.stock <= 0 || !slot.holds(entry) || !fitsAudience(product, audience)) return false
    if (size && slot.name === 'outfit' && needsSize(product)) {
      const mention = findSizeMention(`size ${size}`)
      const label = mention ? sizeFor(mention, product).label : undefined
      if (!label || !sizesInStock(product).includes(label)) return false
    }
    return true
  })
  const suits = (entry: IndexedProduct) => !!occasion && fitsOccasion(entry.product, occasion)
  const byRating = (a: IndexedProduct, b: IndexedProduct) => b.product.rating - a.product.rating
  const suited = pool.filter(suits).sort(byRating)
  const picked = [
    ...suited.slice(0, PER_SLOT),
    ...[...suited].sort((a, b) => a.price - b.price).slice(0, PER_SLOT),
    ...[...pool].sort((a, b) => a.price - b.price).slice(0, PER_SLOT),
    ...(suited.length === 0 ? [...pool].sort(byRating).slice(0, PER_SLOT) : []),
  ]
  return [...new Set(picked)].map((entry) => ({ entry, suited: suits(entry) }))
}

export interface Outfit {
  pieces: IndexedProduct[]
  total: number
  withinBudget: boolean
  /** Slots filled with a piece not made for the occasion (to stay within budget). */
  everyday: string[]
}

/**
 * The best set for the query, or undefined when a slot has nothing at all: within the budget first,
 * then the most pieces made for the occasion, then the closest to the budget (the cheapest when no set
 * fits it).
 */
export function buildOutfit(index: CatalogueIndex, query: ProductQuery): Outfit | undefined {
  const audience = query.audience ?? 'women'
  const budget = query.maxPrice
  const slotList = slots[audience]
  const pools = slotList.map((slot) =>
    candidates(index, slot, audience, query.occasion, query.size),
  )
  if (pools.some((pool) => pool.length === 0)) return undefined
  let best: { picked: Candidate[]; total: number; within: boolean; suited: number } | undefined
  const walk = (i: number, picked: Candidate[], total: number, suited: number) => {
    if (i === pools.length) {
      const within = budget === undefined || total <= budget
      const better =
        !best ||
        (within !== best.within
          ? within
          : within
            ? suited !== best.suited
              ? suited > best.suited
              : budget === undefined
                ? false
                : total > best.total
            : total < best.total)
      if (better) best = { picked: [...picked], total, within, suited }
      return
    }
    for (const candidate of pools[i]!) {
      walk(
        i + 1,
        [...picked, candidate],
        total + candidate.entry.price,
        suited + (candidate.suited ? 1 : 0),
      )
    }
  }
  walk(0, [], 0, 0)
  if (!best) return undefined
  const found = best as { picked: Candidate[]; total: number; within: boolean }
  return {
    pieces: found.picked.map((c) => c.entry),
    total: found.total,
    withinBudget: found.within,
    everyday: query.occasion
      ? found.picked.flatMap((c, i) => (c.suited ? [] : [slotList[i]!.name]))
      : [],
  }
}

const occasionWords: Record<Occasion, string> = {
  wedding: 'wedding',
  office: 'office',
  church: 'church',
  safari: 'safari',
  beach: 'beach',
  party: 'party',
}

const occasionFor: Record<Occasion, string> = {
  wedding: 'a wedding',
  office: 'the office',
  church: 'church',
  safari: 'a safari',
  beach: 'the beach',
  party: 'a party',
}

export function outfitReply(
  index: CatalogueIndex,
  query: ProductQuery,
): AssistantReply | undefined {
  const outfit = buildOutfit(index, query)
  if (!outfit) return undefined
  const word = query.occasion ? occasionWords[query.occasion] : ''
  const what = word ? `${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word} outfit` : 'an outfit'
  const who = query.audience && query.audience !== 'women' ? ` for ${query.audience}` : ''
  const budget = query.maxPrice
  const lines: string[] = []
  if (budget === undefined) {
    lines.push(`Here's ${what}${who} that goes together, **${formatKes(outfit.total)}** in all:`)
  } else if (outfit.withinBudget) {
    lines.push(
      `Here's ${what}${who} that goes together for **${formatKes(outfit.total)}**, within your ${formatKes(budget)} budget:`,
    )
  } else {
    lines.push(
      `I couldn't put together ${what}${who} within ${formatKes(budget)}: the closest set comes to **${formatKes(outfit.total)}**, over your budget:`,
    )
  }
  lines.push(outfit.pieces.map((entry, i) => productLine(entry, i + 1)).join('\n'))
  if (outfit.everyday.length > 0 && query.occasion) {
    lines.push(
      `To stay within budget, the ${listWords(outfit.everyday)} ${outfit.everyday.length === 1 && outfit.everyday[0] !== 'shoes' ? 'is an everyday piece' : 'are everyday pieces'} rather than made for ${occasionFor[query.occasion]}.`,
    )
  }
  lines.push(
    'Shall I add them? Say, for example, *add the first one*, and I will ask for the size and colour.',
  )
  return { message: lines.join('\n') }
}
