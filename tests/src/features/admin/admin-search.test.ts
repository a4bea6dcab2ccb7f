// @vitest-environment node
import { describe, expect, it } from 'vitest'
import {
  isoDate,
  validateAffiliatesSearch,
  validateOverviewSearch,
  validatePayoutsSearch,
  validateProductsSearch,
  validateTransactionsSearch,
} from '@/features/admin/admin-search'

describe('admin search validation', () => {
  it('keeps known filters and drops anything else', () => {
    expect(
      validateTransactionsSearch({
        status: 'dispatched',
        method: 'mpesa',
        payment: 'paid',
        q: '  0712 345  ',
        page: '3',
        order: 'lk-240001',
        evil: '<script>',
      }),
    ).toEqual({
      status: 'dispatched',
      method: 'mpesa',
      payment: 'paid',
      q: '0712 345',
      page: 3,
      order: 'LK-240001',
    })
    expect(
      validateTransactionsSearch({
        status: 'shipped',
        method: 'cheque',
        payment: 'free',
        page: '-1',
        order: 'LK-1; drop',
      }),
    ).toEqual({})
  })

  it('keeps custom dates only for a custom period, and only real dates', () => {
    expect(validateTransactionsSearch({ period: '7d', from: '2026-01-01' })).toEqual({
      period: '7d',
    })
    expect(
      validateTransactionsSearch({ period: 'custom', from: '2026-02-31', to: '2026-03-01' }),
    ).toEqual({ period: 'custom', to: '2026-03-01' })
    expect(isoDate('2024-02-29')).toBe('2024-02-29')
    expect(isoDate('2026-02-29')).toBeUndefined()
  })

  it('validates products, overview, affiliates and payouts filters', () => {
    expect(
      validateProductsSearch({
        category: 'bags',
        state: 'archived',
        low: 'true',
        sort: '-price',
        edit: 'mens-tee-001',
      }),
    ).toEqual({
      category: 'bags',
      state: 'archived',
      low: true,
      sort: '-price',
      edit: 'mens-tee-001',
    })
    expect(
      validateProductsSearch({ category: 'cars', sort: 'random', edit: '../x', low: 'no' }),
    ).toEqual({})
    expect(validateProductsSearch({ edit: 'new' })).toEqual({ edit: 'new' })
    expect(validateOverviewSearch({ days: 90 })).toEqual({ days: 90 })
    expect(validateOverviewSearch({ days: 1000 })).toEqual({})
    const id = '0b6e4c1a-3d55-4a43-9a53-5d2b7f6b1c11'
    expect(validateAffiliatesSearch({ status: 'pending', show: id.toUpperCase() })).toEqual({
      status: 'pending',
      show: id,
    })
    expect(validateAffiliatesSearch({ status: 'rich', show: 'x' })).toEqual({})
    expect(validatePayoutsSearch({ pay: id })).toEqual({ pay: id })
    expect(validatePayoutsSearch({ pay: 'everyone' })).toEqual({})
  })
})
