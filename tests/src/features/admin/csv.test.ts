// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { csvField, toCsv } from '@/features/admin/csv'
import { ordersCsv } from '@/features/admin/order-csv'
import type { ExportRow } from '@/features/admin/api/orders-api'

describe('csvField', () => {
  it('quotes text and doubles its quotes', () => {
    expect(csvField('Wanjiru')).toBe('"Wanjiru"')
    expect(csvField('The "Nairobi" tee, black')).toBe('"The ""Nairobi"" tee, black"')
    expect(csvField('line one\r\nline two')).toBe('"line one\r\nline two"')
  })

  it('defuses anything a spreadsheet would run as a formula', () => {
    for (const attack of [
      '=cmd|" /C calc"!A0',
      '+254700000000',
      '-2+3',
      '@SUM(A1)',
      '\t=1',
      '\r=1',
    ]) {
      expect(csvField(attack).startsWith(`"'`)).toBe(true)
    }
    expect(csvField('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"')
    expect(csvField('Amina = happy')).toBe('"Amina = happy"')
  })

  it('writes numbers as numbers and empty values as nothing', () => {
    expect(csvField(6300)).toBe('6300')
    expect(csvField(-5)).toBe('-5')
    expect(csvField(Number.NaN)).toBe('')
    expect(csvField(null)).toBe('')
    expect(csvField(undefined)).toBe('')
    expect(csvField(true)).toBe('true')
  })
})

describe('toCsv', () => {
  it('starts with a byte-order mark and ends every row with CRLF', () => {
    expect(toCsv(['A', 'B'], [[1, 'x']])).toBe('\uFEFF"A","B"\r\n1,"x"\r\n')
  })
})

describe('ordersCsv', () => {
  const row: ExportRow = {
    id: '5d1c',
    order_number: 'LK-240001',
    created_at: '2026-11-20T09:30:00+03:00',
    status: 'delivered',
    expired_at: null,
    payment_status: 'paid',
    payment_method: 'mpesa',
    customer_name: '@Wanjiru',
    email: 'wanjiru@example.test',
    phone: '254712345678',
    total: 6550,
    subtotal: 6300,
    discount_total: 0,
    delivery_fee: 250,
    delivery_method: 'delivery',
    county: 'Nairobi',
    town: 'Westlands',
    street: 'Ring Road',
    pickup_point: null,
    affiliate_code: 'amina',
    affiliate_id: 'a1',
    order_items: [{ name: 'Essential Cotton Crew Tee', quantity: 1 }],
    payments: [{ status: 'paid', mpesa_receipt: 'QK7ABC1234' }],
  }

  it('gives one row per order in words staff read, money in shillings', () => {
    const [header, line] = ordersCsv([row]).slice(1).trim().split('\r\n')
    expect(header!.split(',')).toHaveLength(16)
    expect(line).toBe(
      [
        '"LK-240001"',
        '"2026-11-20T09:30:00+03:00"',
        '"Delivered"',
        '"M-Pesa"',
        '"Paid"',
        `"'@Wanjiru"`,
        '"wanjiru@example.test"',
        '"254712345678"',
        '"Ring Road, Westlands, Nairobi"',
        '"1 × Essential Cotton Crew Tee"',
        '6300',
        '0',
        '250',
        '6550',
        '"amina"',
        '"QK7ABC1234"',
      ].join(','),
    )
  })

  it('leaves out a code that did not count as a referral', () => {
    const line = ordersCsv([{ ...row, affiliate_id: null }])
      .trim()
      .split('\r\n')[1]!
    expect(line).toContain(',6550,,"QK7ABC1234"')
  })

  it('says "Expired" for an unpaid order the store released, "Cancelled" for one staff cancelled', () => {
    const status = (order: ExportRow) => ordersCsv([order]).trim().split('\r\n')[1]!.split(',')[2]
    const cancelled = { ...row, status: 'cancelled', payment_status: 'pending' } as const
    expect(status({ ...cancelled, expired_at: '2026-11-20T10:00:00+03:00' })).toBe('"Expired"')
    expect(status(cancelled)).toBe('"Cancelled"')
  })
})
