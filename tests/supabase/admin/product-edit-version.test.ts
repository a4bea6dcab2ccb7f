/**
 * No silent lost update: a product save that names the version it edited is refused by the database
 * when another save (or a sale taking stock) came first, and the newer values stay.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestServer } from '../../support/server'
import { addProduct, placeOrder, signIn, startAdminServer } from './admin-kit'

let server: TestServer
let manager: SupabaseClient
let admin: SupabaseClient

beforeAll(async () => {
  server = await startAdminServer()
  manager = await signIn(server, 'manager@luxekenya.test')
  admin = await signIn(server, 'admin@luxekenya.test')
})
afterAll(() => server.close())

const load = async (client: SupabaseClient, id: string) => {
  const { data, error } = await client.from('products').select('*').eq('id', id).single()
  if (error) throw error
  return data as { price: number; stock: number; edit_version: number; name: string }
}

describe('product edit versions', () => {
  it('refuses the second of two saves made from the same version, keeping the first', async () => {
    await addProduct(server, { id: 'ev-bag', price: 5000 })
    const seenByManager = await load(manager, 'ev-bag')
    const seenByAdmin = await load(admin, 'ev-bag')

    const first = await manager
      .from('products')
      .update({ price: 5500, edit_version: seenByManager.edit_version })
      .eq('id', 'ev-bag')
      .select('price, edit_version')
    expect(first.error).toBeNull()
    expect(first.data).toEqual([{ price: 5500, edit_version: seenByManager.edit_version + 1 }])

    const second = await admin
      .from('products')
      .update({ price: 4000, edit_version: seenByAdmin.edit_version })
      .eq('id', 'ev-bag')
      .select('price')
    expect(second.status).toBe(409)
    expect(second.error).toMatchObject({
      code: 'PT409',
      message: 'This product was changed by someone else while you were editing it.',
    })
    expect((await load(admin, 'ev-bag')).price).toBe(5500)
  })

  it('moves the version on when a sale takes stock, so an editor cannot put the old stock back', async () => {
    await addProduct(server, { id: 'ev-watch', stock: 10 })
    const opened = await load(manager, 'ev-watch')
    const shopper = await server.signUpUser()
    await placeOrder(shopper.client, { productId: 'ev-watch', quantity: 2 })
    const save = await manager
      .from('products')
      .update({ stock: 10, edit_version: opened.edit_version })
      .eq('id', 'ev-watch')
    expect(save.status).toBe(409)
    expect((await load(manager, 'ev-watch')).stock).toBe(8)
  })

  it('leaves writers that name no version alone', async () => {
    await addProduct(server, { id: 'ev-belt' })
    const before = await load(manager, 'ev-belt')
    const archive = await manager.from('products').update({ active: false }).eq('id', 'ev-belt')
    expect(archive.error).toBeNull()
    expect((await load(manager, 'ev-belt')).edit_version).toBe(before.edit_version + 1)
  })
})
