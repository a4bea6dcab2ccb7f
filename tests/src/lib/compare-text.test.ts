// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { compareText } from '@/lib/compare-text'
import { products as seedProducts } from '../../../supabase/seed/catalogue'

const byCollator = (values: string[]) => [...values].sort((a, b) => a.localeCompare(b))
const byCompareText = (values: string[]) => [...values].sort(compareText)

describe('compareText', () => {
  it('orders the catalogue’s names, brands, colours, sizes, codes and dates as the collator does', () => {
    const lists = {
      names: seedProducts.map((product) => product.name),
      brands: seedProducts.flatMap((product) => (product.brand ? [product.brand] : [])),
      colours: seedProducts.flatMap((product) => product.colors),
      sizes: seedProducts.flatMap((product) => product.sizes),
      codes: seedProducts.map((product) => product.id),
      categories: [
        'watches',
        'smart-watches',
        'bags',
        'Bags',
        'beauty',
        'Jewelry',
        'jewelry',
        'shoes',
      ],
      dates: [
        '2026-01-02T10:00:00Z',
        '2025-12-31T23:59:59Z',
        '2026-01-02T09:59:59.5Z',
        '2026-01-10T00:00:00Z',
      ],
      mixed: [
        'EU 42',
        'EU 9',
        'One Size',
        'one size',
        'XL',
        'xs',
        'A-line',
        'A line',
        'Aline',
        '10',
        '9',
        '',
      ],
    }
    for (const [name, values] of Object.entries(lists)) {
      expect(values.length, name).toBeGreaterThan(3)
      expect(byCompareText(values), name).toEqual(byCollator(values))
    }
  })

  it('is zero only for the same text', () => {
    expect(compareText('Navy', 'Navy')).toBe(0)
    expect(compareText('navy', 'Navy')).not.toBe(0)
    expect(Math.sign(compareText('navy', 'Navy'))).toBe(-Math.sign(compareText('Navy', 'navy')))
  })
})
