/**
 * The assistant's evaluation set, asked over HTTP of the real function on the embedded backend with the
 * seeded catalogue. Each answer is checked for every property its case names; the score is printed and
 * must stay at 95% or better. Every part of the brief has cases, in every language, typos and
 * adversarial ones included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCatalogueSource } from '../../../../supabase/functions/_shared/assistant/catalogue-source'
import { audienceOf } from '../../../../supabase/functions/_shared/assistant/shopper'
import type {
  AssistantReply,
  Catalogue,
  CatalogueProduct,
  ChatMessage,
} from '../../../../supabase/functions/_shared/assistant/types'
import { startTestServer, type TestServer } from '../../../support/server'
import { evaluationSet, type EvalCase, type Expect } from './evaluation-set'
import { groundingProblems, linkedProducts, paid } from './grounding'

let server: TestServer
let catalogue: Catalogue

beforeAll(async () => {
  server = await startTestServer()
  catalogue = await createCatalogueSource({
    url: () => server.url,
    anonKey: () => server.anonKey,
  }).get()
}, 60_000)

afterAll(async () => {
  await server?.close()
})

async function ask(messages: ChatMessage[], cart: EvalCase['cart']): Promise<AssistantReply> {
  const body = cart ? { messages, cart } : { messages }
  const { data, error } = await server.client().functions.invoke('chat-assistant', { body })
  if (error) throw error
  return data as AssistantReply
}

const inAny = (product: CatalogueProduct, names: readonly string[]) =>
  names.includes(product.category) || names.includes(product.subcategory ?? '')

/** Every property of `expect` the reply breaks, in words. */
function problems(reply: AssistantReply, want: Expect, said: string): string[] {
  const found: string[] = []
  const linked = linkedProducts(reply, catalogue).filter((p): p is CatalogueProduct => p !== null)
  found.push(...groundingProblems(reply, catalogue, said))
  const action = reply.action?.type ?? null
  if (want.action !== undefined && action !== want.action) found.push(`action ${action}`)
  if (want.code !== undefined) {
    const code = reply.action?.type === 'apply_discount_code' ? reply.action.code : undefined
    if (code !== want.code) found.push(`code ${code}`)
  }
  for (const p of linked) {
    if (want.allow && !inAny(p, want.allow)) found.push(`${p.id} not in ${want.allow.join('/')}`)
    if (want.forbid && inAny(p, want.forbid)) found.push(`${p.id} is forbidden`)
    if (want.maxPrice !== undefined && paid(p) > want.maxPrice) found.push(`${p.id} over budget`)
    if (want.colours && !p.colors.some((c) => want.colours!.includes(c))) {
      found.push(`${p.id} not in ${want.colours.join('/')}`)
    }
    if (want.sizeInStock) {
      const stock = p.sizeStock
        ? (p.sizeStock[want.sizeInStock] ?? 0)
        : p.sizes.includes(want.sizeInStock)
          ? 1
          : 0
      if (stock <= 0) found.push(`${p.id} has no ${want.sizeInStock} in stock`)
    }
    if (want.audience) {
      const own = audienceOf(p)
      const ok =
        want.audience === 'adult'
          ? own !== 'kids'
          : want.audience === 'kids'
            ? own === 'kids'
            : own === want.audience || own === 'anyone'
      if (!ok) found.push(`${p.id} is for ${own}, not ${want.audience}`)
    }
  }
  if (want.totalMax !== undefined) {
    const total = linked.reduce((sum, p) => sum + paid(p), 0)
    if (total > want.totalMax) found.push(`total ${total} over ${want.totalMax}`)
  }
  if (want.minLinks !== undefined && linked.length < want.minLinks) {
    found.push(`${linked.length} products linked, wanted ${want.minLinks}+`)
  }
  if (want.noLinks && linked.length > 0) found.push('links products')
  if (want.adds) {
    const product = reply.action?.type === 'add_to_cart' ? reply.action.product : undefined
    for (const key of ['productId', 'size', 'color', 'quantity'] as const) {
      if (want.adds[key] !== undefined && product?.[key] !== want.adds[key]) {
        found.push(`adds ${key} ${String(product?.[key])}`)
      }
    }
    const added = catalogue.products.find((p) => p.id === product?.productId)
    if (added?.sizes.some((s) => s !== 'One Size') && !added.sizes.includes(product?.size ?? '')) {
      found.push('added without a size')
    }
    if (added && added.colors.length > 1 && !added.colors.includes(product?.color ?? '')) {
      found.push('added without a colour')
    }
  }
  if (want.chips === 'some' && !(reply.quickReplies && reply.quickReplies.length > 0)) {
    found.push('no quick replies')
  } else if (Array.isArray(want.chips)) {
    if (JSON.stringify(reply.quickReplies ?? []) !== JSON.stringify(want.chips)) {
      found.push(`chips ${JSON.stringify(reply.quickReplies)}`)
    }
  }
  if (want.cards) {
    const ids = (reply.products ?? []).map((c) => c.productId)
    if (ids.length === 0 || linked.some((p) => !ids.includes(p.id))) found.push('cards missing')
  }
  if (want.change) {
    const change = reply.action?.type === 'update_cart' ? reply.action.change : undefined
    for (const [key, value] of Object.entries(want.change)) {
      if ((change as Record<string, unknown> | undefined)?.[key] !== value) {
        found.push(
          `change ${key} ${String((change as Record<string, unknown> | undefined)?.[key])}`,
        )
      }
    }
  }
  for (const pattern of want.text ?? [])
    if (!pattern.test(reply.message)) found.push(`no ${pattern}`)
  for (const pattern of want.notText ?? [])
    if (pattern.test(reply.message)) found.push(`says ${pattern}`)
  return found
}

async function run(c: EvalCase): Promise<string[]> {
  const messages: ChatMessage[] = []
  for (const earlier of c.history ?? []) {
    messages.push({ role: 'user', content: earlier })
    const reply = await ask(messages, c.cart)
    messages.push({ role: 'assistant', content: reply.message })
  }
  messages.push({ role: 'user', content: c.say })
  const reply = await ask(messages, c.cart)
  const said = messages
    .filter((m) => m.role === 'user')
    .map((m) => m.content)
    .join(' ')
  const found = problems(reply, c.expect, said)
  return found.length > 0
    ? [`${c.id}: "${c.say}" → ${found.join('; ')}\n    ${reply.message.slice(0, 300)}`]
    : []
}

describe('the assistant evaluation set', () => {
  it('covers every part of the brief, every language, typos and adversarial questions', () => {
    expect(evaluationSet.length).toBeGreaterThanOrEqual(80)
    expect(new Set(evaluationSet.map((c) => c.id)).size).toBe(evaluationSet.length)
    for (const bullet of [
      'size-and-colour',
      'understanding',
      'outfits-and-gifts',
      'cards',
      'cart-and-orders',
    ]) {
      expect(
        evaluationSet.filter((c) => c.bullet === bullet).length,
        bullet,
      ).toBeGreaterThanOrEqual(5)
    }
    for (const lang of ['en', 'sw', 'mixed']) {
      expect(evaluationSet.filter((c) => c.lang === lang).length, lang).toBeGreaterThanOrEqual(5)
    }
    for (const kind of ['typo', 'adversarial'] as const) {
      expect(
        evaluationSet.filter((c) => c.kinds?.includes(kind)).length,
        kind,
      ).toBeGreaterThanOrEqual(4)
    }
  })

  it('passes at 95% or better', async () => {
    const failures: string[] = []
    for (const c of evaluationSet) failures.push(...(await run(c)))
    const passed = evaluationSet.length - failures.length
    const score = (100 * passed) / evaluationSet.length
    console.log(
      `Assistant evaluation: ${passed}/${evaluationSet.length} passed (${score.toFixed(1)}%)` +
        (failures.length > 0 ? `\n  ${failures.join('\n  ')}` : ''),
    )
    expect(score).toBeGreaterThanOrEqual(95)
  }, 120_000)
})
