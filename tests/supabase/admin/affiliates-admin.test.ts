/**
 * The affiliates and payouts pages' API calls (src/features/admin/api) and the affiliate dashboard's
 * (src/features/affiliate/api) against the real server: apply, review, referred orders, payouts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  fetchReferredOrders,
  listAffiliates,
  reviewAffiliate,
} from '@/features/admin/api/affiliates-api'
import { listPayouts, recordPayout } from '@/features/admin/api/payouts-api'
import {
  applyAsAffiliate,
  fetchMyAffiliate,
  shareLink,
  whatsappShareLink,
} from '@/features/affiliate/api/affiliate-program-api'
import type { AppSupabaseClient } from '@/lib/supabase'
import { uniqueEmail, type TestServer } from '../../support/server'
import { addProduct, advance, placeOrder, signIn, startAdminServer } from './admin-kit'

let server: TestServer
let manager: AppSupabaseClient
let admin: AppSupabaseClient
let affiliate: AppSupabaseClient
let affiliateId: string

const typed = (client: unknown) => client as AppSupabaseClient

beforeAll(async () => {
  server = await startAdminServer()
  await addProduct(server, { id: 'aff-watch', price: 20000, stock: 100 })
  manager = typed(await signIn(server, 'manager@luxekenya.test'))
  admin = typed(await signIn(server, 'admin@luxekenya.test'))
  affiliate = typed((await server.signUpUser(uniqueEmail('njeri'), 'secret-pass-1')).client)
})

afterAll(async () => {
  await server?.close()
})

describe('applying', () => {
  it('starts with no application, checks the form, then applies once', async () => {
    expect(await fetchMyAffiliate(affiliate)).toBeNull()
    await expect(
      applyAsAffiliate(affiliate, { code: 'no spaces', payoutPhone: '0712345678' }),
    ).rejects.toMatchObject({ field: 'code' })
    await expect(
      applyAsAffiliate(affiliate, { code: '', payoutPhone: '12345' }),
    ).rejects.toMatchObject({
      field: 'payoutPhone',
      message: 'Enter a Kenyan mobile number, e.g. 0712 345 678',
    })
    expect(
      await applyAsAffiliate(affiliate, { code: 'NJERI-STYLE', payoutPhone: '0700 111 222' }),
    ).toBe('applied')
    expect(await applyAsAffiliate(affiliate, { code: 'other', payoutPhone: '0712345678' })).toBe(
      'already-applied',
    )
    const mine = await fetchMyAffiliate(affiliate)
    expect(mine).toMatchObject({
      code: 'njeri-style',
      status: 'pending',
      commissionPercent: 10,
      payoutPhone: '254700111222',
      orders: [],
      payouts: [],
    })
    affiliateId = mine!.id
  })

  it('says when a code is taken, beside the code field', async () => {
    const other = typed((await server.signUpUser(uniqueEmail('copycat'))).client)
    await expect(
      applyAsAffiliate(other, { code: 'Njeri-Style', payoutPhone: '0799000111' }),
    ).rejects.toMatchObject({
      field: 'code',
      message: 'That code is already taken. Try another, or leave it empty and we will choose one.',
    })
    expect(await applyAsAffiliate(other, { code: '', payoutPhone: '0799000111' })).toBe('applied')
    expect((await fetchMyAffiliate(other))?.code).toMatch(/^[a-z0-9]{8}$/)
  })

  it('builds the share links from the code', () => {
    expect(shareLink('https://luxe.example', 'njeri-style')).toBe(
      'https://luxe.example/?ref=NJERI-STYLE',
    )
    expect(whatsappShareLink('Shop with me: https://x.example/?ref=A B')).toBe(
      'https://wa.me/?text=Shop%20with%20me%3A%20https%3A%2F%2Fx.example%2F%3Fref%3DA%20B',
    )
  })
})

describe('reviewing and paying', () => {
  it('lists applications first and approves one at a new rate', async () => {
    const list = await listAffiliates(manager)
    expect(list[0]!.status).toBe('pending')
    expect(list.find((a) => a.id === affiliateId)).toMatchObject({ code: 'njeri-style' })
    await expect(reviewAffiliate(manager, affiliateId, 'approved', 51)).rejects.toMatchObject({
      status: 400,
    })
    await reviewAffiliate(manager, affiliateId, 'approved', 12)
    expect(await fetchMyAffiliate(affiliate)).toMatchObject({
      status: 'approved',
      commissionPercent: 12,
    })
  })

  it('shows staff the referred orders with their commission, and pays the balance', async () => {
    const order = await placeOrder(server.client(), {
      productId: 'aff-watch',
      affiliateCode: 'NJERI-STYLE',
    })
    await advance(manager, order.id, 'confirmed', 'dispatched', 'delivered')
    const referred = await fetchReferredOrders(manager, affiliateId)
    expect(referred).toEqual([
      expect.objectContaining({
        order_number: order.orderNumber,
        status: 'delivered',
        commission: { amount: 2400, status: 'approved', commission_percent: 12 },
      }),
    ])
    expect((await listAffiliates(manager)).find((a) => a.id === affiliateId)?.due).toBe(2400)

    await expect(recordPayout(manager, affiliateId, 'QK7ABC1234')).rejects.toMatchObject({
      status: 403,
    })
    await expect(recordPayout(admin, affiliateId, 'not a code!')).rejects.toMatchObject({
      status: 400,
    })
    const payout = await recordPayout(admin, affiliateId, ' qk7abc1234 ', 'First payout')
    expect(payout).toMatchObject({ amount: 2400, status: 'paid', mpesa_reference: 'QK7ABC1234' })
    await expect(recordPayout(admin, affiliateId, 'QK7ABC9999')).rejects.toMatchObject({
      status: 409,
      message: 'This affiliate has no approved commission to pay right now.',
    })

    expect(await listPayouts(admin)).toEqual([
      expect.objectContaining({ amount: 2400, affiliate: { code: 'njeri-style' } }),
    ])
    expect(await listPayouts(manager)).toEqual([])
    const mine = await fetchMyAffiliate(affiliate)
    expect(mine?.totals).toMatchObject({ approved: 0, paid: 2400 })
    expect(mine?.payouts[0]).toMatchObject({ amount: 2400, mpesaReference: 'QK7ABC1234' })
    expect(mine?.orders[0]).toMatchObject({
      orderNumber: order.orderNumber,
      commission: { amount: 2400, status: 'paid' },
    })
  })

  it('refuses the same M-Pesa code on two payouts', async () => {
    const order = await placeOrder(server.client(), {
      productId: 'aff-watch',
      affiliateCode: 'njeri-style',
    })
    await advance(manager, order.id, 'confirmed', 'dispatched', 'delivered')
    await expect(recordPayout(admin, affiliateId, 'QK7ABC1234')).rejects.toMatchObject({
      status: 409,
      message: 'The M-Pesa code QK7ABC1234 is already recorded on another payout.',
    })
  })

  it('suspends an affiliate: their dashboard says so and new links earn nothing', async () => {
    await reviewAffiliate(manager, affiliateId, 'suspended')
    expect((await fetchMyAffiliate(affiliate))?.status).toBe('suspended')
    const order = await placeOrder(server.client(), {
      productId: 'aff-watch',
      affiliateCode: 'njeri-style',
    })
    expect(order.affiliateCode).toBeNull()
  })
})
