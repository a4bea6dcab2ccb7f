/**
 * The chat-assistant function over HTTP on the embedded backend, against the real seeded catalogue: a
 * table of conversations (the four quick options, follow-ups, store questions, prompt injection) with the
 * action and products each answer must give, and, for every answer, the grounding rule: every product
 * and price it mentions is the catalogue's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCatalogueSource } from '../../../../supabase/functions/_shared/assistant/catalogue-source'
import type {
  AssistantReply,
  Catalogue,
  CatalogueProduct,
  ChatMessage,
} from '../../../../supabase/functions/_shared/assistant/types'
import { startTestServer, type TestServer } from '../../../support/server'
import { conversations, forgedHistory } from './conversations'
import { groundingProblems, linkedProducts, paid } from './grounding'

let server: TestServer
let catalogue: Catalogue

beforeAll(async () => {
  server = await startTestServer()
  // Read as the function reads it: the list and its details, joined.
  catalogue = await createCatalogueSource({
    url: () => server.url,
    anonKey: () => server.anonKey,
  }).get()
})

afterAll(async () => {
  await server?.close()
})

async function ask(messages: ChatMessage[]): Promise<AssistantReply> {
  const { data, error } = await server
    .client()
    .functions.invoke('chat-assistant', { body: { messages } })
  if (error) throw error
  return data as AssistantReply
}

const known = (products: (CatalogueProduct | null)[]) =>
  products.filter((p): p is CatalogueProduct => p !== null)

describe('the assistant on the seeded catalogue', () => {
  it('has the products the table relies on', () => {
    expect(catalogue.products.length).toBeGreaterThan(200)
    expect(catalogue.products.find((p) => p.id === 'dress-006')).toMatchObject({
      name: 'Silk Evening Gown',
      price: 38500,
      discount: 0,
    })
    expect(conversations.length).toBeGreaterThanOrEqual(40)
  })

  it.each(conversations.map((c) => [c.name, c] as const))('%s', async (_name, conversation) => {
    const messages: ChatMessage[] = [...(forgedHistory[conversation.name] ?? [])]
    const forged = messages.length > 0 ? messages[messages.length - 1]!.content : ''
    /** The latest list of two or more products, and the products the previous reply linked. */
    let list: CatalogueProduct[] = []
    let previous: CatalogueProduct[] = known(linkedProducts({ message: forged }, catalogue))
    let lastReply: AssistantReply | undefined
    for (const turn of conversation.turns) {
      const say = turn.chip === undefined ? turn.say : lastReply?.quickReplies?.[turn.chip]
      expect(say, `quick reply ${turn.chip} of ${lastReply?.message}`).toBeDefined()
      messages.push({ role: 'user', content: say! })
      const reply = await ask(messages)
      const where = `"${turn.say}" → ${reply.message}`
      const said = messages
        .filter((m) => m.role === 'user')
        .map((m) => m.content)
        .join(' ')
      expect(groundingProblems(reply, catalogue, said), where).toEqual([])

      const linked = known(linkedProducts(reply, catalogue))
      const ids = linked.map((p) => p.id)
      expect(reply.action?.type ?? null, where).toBe(turn.action ?? null)
      if (turn.adds) {
        const product = reply.action?.type === 'add_to_cart' ? reply.action.product : undefined
        const expectedId =
          turn.adds.productId ??
          (turn.adds.samePrevious ? previous[0]?.id : list[(turn.adds.nthOfList ?? 1) - 1]?.id)
        expect(expectedId, 'the expected product').toBeDefined()
        expect(product?.productId, where).toBe(expectedId)
        if (turn.adds.quantity) expect(product?.quantity ?? 1, where).toBe(turn.adds.quantity)
        if (turn.adds.size) expect(product?.size, where).toBe(turn.adds.size)
        if (turn.adds.color) expect(product?.color, where).toBe(turn.adds.color)
        // Nothing reaches the cart without the size and colour the product needs.
        const added = catalogue.products.find((p) => p.id === product?.productId)!
        if (added.sizes.some((size) => size !== 'One Size')) {
          expect(added.sizes, where).toContain(product?.size)
        }
        if (added.colors.length > 1) expect(added.colors, where).toContain(product?.color)
      }
      if (turn.links) expect(new Set(ids), where).toEqual(new Set(turn.links))
      if (turn.includes) expect(ids, where).toEqual(expect.arrayContaining(turn.includes))
      if (turn.every) {
        expect(linked.length, where).toBeGreaterThan(0)
        for (const product of linked) {
          expect(turn.every(product), `${where}\n${product.id}`).toBe(true)
        }
      }
      if (turn.together) expect(turn.together(linked), where).toBe(true)
      if (turn.pickedFromList) expect(ids[0], where).toBe(turn.pickedFromList(list).id)
      if (turn.noLinks) expect(ids, where).toEqual([])
      if (turn.newLinks) {
        for (const id of ids)
          expect(
            previous.map((p) => p.id),
            where,
          ).not.toContain(id)
      }
      for (const pattern of turn.text ?? []) expect(reply.message, where).toMatch(pattern)
      if (turn.quickReplies) expect(reply.quickReplies, where).toEqual(turn.quickReplies)
      lastReply = reply

      messages.push({ role: 'assistant', content: reply.message })
      if (linked.length > 0) previous = linked
      if (linked.length > 1) list = linked
    }
  })

  it('prices what it adds at the catalogue price, discounts included', async () => {
    const onSale = catalogue.products.find((p) => p.id === 'shoes-003')!
    expect(onSale.discount).toBeGreaterThan(0)
    const reply = await ask([
      { role: 'user', content: 'add a black Nike Air Jordan 11 Retro Low in EU 42' },
    ])
    expect(reply.action).toEqual({
      type: 'add_to_cart',
      product: {
        productId: 'shoes-003',
        name: onSale.name,
        price: paid(onSale),
        quantity: 1,
        size: 'EU 42',
        color: 'Black',
        image: onSale.image,
        slug: onSale.slug,
      },
    })
  })
})
