/**
 * What the store promises, kept by the seed: the home page's "60-80% OFF" banner leads to pieces really
 * 60 to 80 percent off, in stock, across several departments; luxury watches carry no discount (staff
 * may set one, the seed never does); and the watches and fine jewellery have specifications that the
 * database accepts.
 */
import { describe, expect, it } from 'vitest'
import { promotions } from '@/config/site'
import { readSpecs, specKeys } from '@/lib/product-specs'
import { products } from '../../../supabase/seed/catalogue'

describe('the seeded catalogue keeps the store’s promises', () => {
  it('has pieces 60–80% off, in stock, in at least five categories, as the banner says', () => {
    expect(promotions.saleBanner).toMatch(/60-80% OFF/i)
    const deep = products.filter((p) => p.discount >= 60 && p.discount <= 80 && p.stock > 0)
    expect(deep.length).toBeGreaterThanOrEqual(10)
    expect(new Set(deep.map((p) => p.category)).size).toBeGreaterThanOrEqual(5)
    // Nothing is cut deeper than the banner says.
    expect(products.filter((p) => p.discount > 80)).toEqual([])
  })

  it('gives no luxury watch a discount (and so no discount badge)', () => {
    const discounted = products.filter((p) => p.category === 'luxury-watches' && p.discount > 0)
    expect(discounted.map((p) => p.id)).toEqual([])
  })

  it('gives every luxury watch its specifications, in the keys and lengths the database keeps', () => {
    const watches = products.filter((p) => p.category === 'luxury-watches')
    expect(watches.length).toBeGreaterThan(10)
    for (const watch of watches) {
      expect(Object.keys(readSpecs(watch.specs)).sort(), watch.id).toEqual([...specKeys].sort())
    }
    for (const product of products) {
      // Known keys, texts of 1 to 200 characters, and only on watches and jewellery.
      expect(readSpecs(product.specs), product.id).toEqual(product.specs)
      if (Object.keys(product.specs).length > 0) {
        expect(['luxury-watches', 'smart-watches', 'jewelry'], product.id).toContain(
          product.category,
        )
      }
    }
  })
})
