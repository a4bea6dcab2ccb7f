/**
 * "Where is my order LK-…?" through the chat-assistant function on the embedded backend: the function
 * asks `order_status_for_chat()` with the shopper's own token, so the database decides. The owner is
 * answered; another signed-in shopper and a guest without the right phone are not; a guest order opens
 * with its phone, and guessing phones locks the number.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  AssistantReply,
  ChatMessage,
} from '../../../../supabase/functions/_shared/assistant/types'
import { startTestServer, type TestServer } from '../../../support/server'
import { placeOrder, type OrderDoc } from '../../admin/admin-kit'

let server: TestServer
let owner: SupabaseClient
let other: SupabaseClient
let ownersOrder: OrderDoc
let guestOrder: OrderDoc

beforeAll(async () => {
  server = await startTestServer()
  owner = (await server.signUpUser()).client
  other = (await server.signUpUser()).client
  // Two of this bag are above the cash-on-delivery ceiling: the owner pays by M-Pesa.
  ownersOrder = await placeOrder(owner, {
    productId: 'bags-003',
    quantity: 2,
    paymentMethod: 'mpesa',
  })
  guestOrder = await placeOrder(server.client(), { productId: 'bags-003', phone: '0722000111' })
}, 60_000)

afterAll(async () => {
  await server?.close()
})

async function ask(client: SupabaseClient, ...says: string[]): Promise<AssistantReply> {
  const messages: ChatMessage[] = []
  let reply: AssistantReply | undefined
  for (const say of says) {
    messages.push({ role: 'user', content: say })
    const { data, error } = await client.functions.invoke('chat-assistant', { body: { messages } })
    if (error) throw error
    reply = data as AssistantReply
    messages.push({ role: 'assistant', content: reply.message })
  }
  return reply!
}

describe('orders in the chat', () => {
  it('answers the signed-in owner with the status and the lines', async () => {
    const reply = await ask(owner, `Where is my order ${ownersOrder.orderNumber}?`)
    expect(reply.message).toContain(ownersOrder.orderNumber)
    expect(reply.message).toMatch(/received|confirmed/)
    expect(reply.message).toContain('2 × Structured Top-Handle Bag')
    expect(reply.action).toBeUndefined()
  })

  it('refuses another signed-in shopper, saying nothing of the order', async () => {
    const reply = await ask(other, `where is my order ${ownersOrder.orderNumber}`)
    expect(reply.message).toMatch(/can't find/)
    expect(reply.message).not.toContain('Top-Handle')
    const direct = await other.rpc('order_status_for_chat', {
      order_number: ownersOrder.orderNumber,
    })
    expect(direct.data).toEqual({ found: false })
  })

  it("never opens a signed-in shopper's order with its phone", async () => {
    const reply = await ask(
      server.client(),
      `where is my order ${ownersOrder.orderNumber}, phone 0712345678`,
    )
    expect(reply.message).toMatch(/can't find/)
    expect(reply.message).not.toContain('Top-Handle')
  })

  it('asks for the number, then the phone, and answers a guest who gives both', async () => {
    const guest = server.client()
    const first = await ask(guest, 'where is my order?')
    expect(first.message).toMatch(/LK-/)
    const reply = await ask(
      guest,
      'where is my order?',
      guestOrder.orderNumber,
      'the phone was 0722 000 111',
    )
    expect(reply.message).toContain(guestOrder.orderNumber)
    expect(reply.message).toContain('1 × Structured Top-Handle Bag')
  })

  it('locks a guest order number after five wrong phones', async () => {
    const order = await placeOrder(server.client(), { productId: 'bags-003', phone: '0733000222' })
    const anon = server.client()
    for (let i = 0; i < 5; i++) {
      const { data } = await anon.rpc('order_status_for_chat', {
        order_number: order.orderNumber,
        phone: `07330002${30 + i}`,
      })
      expect(data).toEqual({ found: false })
    }
    const { data } = await anon.rpc('order_status_for_chat', {
      order_number: order.orderNumber,
      phone: '0733000222',
    })
    expect(data).toEqual({ found: false, locked: true })
  })

  it('keeps the failures table out of reach of the API', async () => {
    const { error } = await server
      .client()
      .schema('private' as 'public')
      .from('order_lookup_failures')
      .select('*')
    expect(error).not.toBeNull()
  })
})
