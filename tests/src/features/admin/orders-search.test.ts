// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { nextStatuses, orderSearchFilter } from '@/features/admin/api/orders-api'
import { searchTerm } from '@/features/admin/api/products-api'

describe('order search', () => {
  it('searches numbers, emails and names, and phones typed any Kenyan way', () => {
    expect(orderSearchFilter('LK-240001')).toBe(
      'order_number.ilike.*LK-240001*,email.ilike.*LK-240001*,customer_name.ilike.*LK-240001*',
    )
    expect(orderSearchFilter('0712 345 678')).toContain('phone.eq.254712345678')
    expect(orderSearchFilter('+254712345678')).toContain('phone.eq.254712345678')
    expect(orderSearchFilter('0712 345')).toContain('phone.ilike.*712345*')
    expect(orderSearchFilter('wanjiru@example.test')).not.toContain('phone')
    expect(orderSearchFilter('  ')).toBeNull()
  })

  it('never lets a search change the filter grammar', () => {
    const filter = orderSearchFilter('x),status.eq.(paid')!
    expect(filter).not.toMatch(/[()]/)
    expect(searchTerm('a,b*c"d\\e')).toBe('a b c d e')
  })

  it('offers the next steps an order can take', () => {
    expect(nextStatuses({ status: 'pending' })).toEqual(['confirmed', 'cancelled'])
    expect(nextStatuses({ status: 'confirmed' })).toEqual(['dispatched', 'cancelled'])
    expect(nextStatuses({ status: 'dispatched' })).toEqual(['delivered', 'cancelled'])
    expect(nextStatuses({ status: 'delivered' })).toEqual([])
    expect(nextStatuses({ status: 'cancelled' })).toEqual([])
  })
})
