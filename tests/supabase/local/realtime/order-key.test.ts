/**
 * A guest's open order page hears of its order's changes through a private topic only the order's
 * key can name: the guest who holds the key receives each change at once; another guest, with or
 * without an order of their own, can neither join that topic nor hear it by its name on a public
 * channel.
 */
import { createHash } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestServer } from '../../../support/server'
import { addProduct, advance, placeOrder, signIn, startAdminServer } from '../../admin/admin-kit'
import { sleep, subscribeStatus, until } from './realtime-kit'

let server: TestServer
let manager: SupabaseClient
const clients: SupabaseClient[] = []

beforeAll(async () => {
  server = await startAdminServer()
  manager = await signIn(server, 'manager@luxekenya.test')
  clients.push(manager)
  await addProduct(server, { id: 'rt-key-bag', stock: 100 })
})

afterAll(async () => {
  for (const c of clients) await c.removeAllChannels()
  await server.close()
})

/** The topic the order page computes from the order's id and the key in its link. */
const keyTopic = (orderId: string, key: string) =>
  `order-key:${orderId}.${createHash('sha256').update(key, 'utf8').digest('hex')}`

async function guestWithOrder() {
  const client = server.client()
  clients.push(client)
  const order = (await placeOrder(client, { productId: 'rt-key-bag' })) as Awaited<
    ReturnType<typeof placeOrder>
  > & { accessToken: string }
  expect(order.accessToken).toEqual(expect.any(String))
  return { client, order, topic: keyTopic(order.id, order.accessToken) }
}

function listen(client: SupabaseClient, topic: string, isPrivate = true) {
  const heard: unknown[] = []
  const channel = client
    .channel(topic, { config: { private: isPrivate } })
    .on('broadcast', { event: 'changed' }, (m: { payload: unknown }) => heard.push(m.payload))
  return { channel, heard }
}

describe("an order's key topic", () => {
  it('tells the guest holding the key of each change at once, and no other guest', async () => {
    const a = await guestWithOrder()
    const b = await guestWithOrder()
    const own = listen(a.client, a.topic)
    expect((await subscribeStatus(own.channel)).status).toBe('SUBSCRIBED')
    const other = listen(b.client, b.topic)
    expect((await subscribeStatus(other.channel)).status).toBe('SUBSCRIBED')

    // B knows A's order id (never its key): neither a topic with B's own key nor a made-up one opens.
    for (const topic of [
      keyTopic(a.order.id, b.order.accessToken),
      keyTopic(a.order.id, 'guessed-key'),
      `order-key:${a.order.id}.${'0'.repeat(64)}`,
    ]) {
      const refused = await subscribeStatus(b.client.channel(topic, { config: { private: true } }))
      expect(refused.status, topic).toBe('CHANNEL_ERROR')
      expect(refused.error?.message).toContain(
        'You do not have permissions to read from this Channel topic',
      )
    }
    // A public channel of the same name is another topic: the database's message never goes there.
    const overheard = listen(b.client, a.topic, false)
    expect((await subscribeStatus(overheard.channel)).status).toBe('SUBSCRIBED')

    const started = Date.now()
    await advance(manager, a.order.id, 'confirmed')
    await until(() => own.heard.length === 1, 1000)
    expect(Date.now() - started).toBeLessThan(1000)
    // A change of B's arrives on B's topic only; nothing of A's reached B by either door.
    await advance(manager, b.order.id, 'confirmed')
    await until(() => other.heard.length === 1, 1000)
    await sleep(200)
    expect(own.heard).toHaveLength(1)
    expect(overheard.heard).toEqual([])
    // The message carries nothing about the order: the page reads it with its key.
    expect(own.heard[0]).toEqual({})
  })

  it('lets nobody but the database speak on the topic', async () => {
    const a = await guestWithOrder()
    const first = listen(a.client, a.topic)
    expect((await subscribeStatus(first.channel)).status).toBe('SUBSCRIBED')
    const tab = server.client()
    clients.push(tab)
    const second = tab.channel(a.topic, { config: { private: true, broadcast: { ack: true } } })
    expect((await subscribeStatus(second)).status).toBe('SUBSCRIBED')
    await second.send({ type: 'broadcast', event: 'changed', payload: { forged: true } })
    await sleep(200)
    expect(first.heard).toEqual([])
  })
})
