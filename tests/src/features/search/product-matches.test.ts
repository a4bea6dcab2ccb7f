// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { searchLimits } from '@/config/site'
import { matchingProductIds } from '@/features/search/product-matches'
import { products } from '../catalogue/catalogue-fixture'

describe('the results page’s matches', () => {
  it('lists every matching product, past the dialog’s limit, and nothing else', () => {
    const ids = matchingProductIds(products, 'leather')
    expect(ids.length).toBeGreaterThan(searchLimits.products)
    const matching = products.filter((p) =>
      [p.name, p.brand, p.category, p.subcategory ?? '', p.description].some((field) =>
        field.toLowerCase().includes('leather'),
      ),
    )
    expect(new Set(ids)).toEqual(new Set(matching.map((p) => p.id)))
  })

  it('matches nothing for a blank query', () => {
    expect(matchingProductIds(products, '   ')).toEqual([])
  })
})
