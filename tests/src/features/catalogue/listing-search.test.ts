// @vitest-environment node
import { describe, expect, it } from 'vitest'
import {
  activeFilterCount,
  validateListingSearch,
  withoutFilters,
} from '@/features/catalogue/listing/listing-search'

describe('listing URL search', () => {
  it('keeps valid filters, sort and page', () => {
    expect(
      validateListingSearch({
        category: 'dresses',
        brand: 'Nike,Luxe Kenya Atelier',
        size: 'M,L',
        color: 'Black',
        min: 1000,
        max: '20000',
        sale: true,
        new: 'true',
        sort: 'price-asc',
        page: 3,
      }),
    ).toEqual({
      category: 'dresses',
      brand: 'Nike,Luxe Kenya Atelier',
      size: 'M,L',
      color: 'Black',
      min: 1000,
      max: 20000,
      sale: true,
      new: true,
      sort: 'price-asc',
      page: 3,
    })
  })

  it.each([
    ['an unknown sort', { sort: 'cheapest' }],
    ['a page below 2', { page: 1 }],
    ['a negative page', { page: -4 }],
    ['a page that is not a number', { page: 'two' }],
    ['a page far too high', { page: 100_000 }],
    ['a price that is not a number', { min: 'cheap', max: {} }],
    ['a negative price', { min: -5 }],
    ['a category with markup', { category: '<script>' }],
    ['a category that is too long', { category: 'a'.repeat(80) }],
    ['flags that are not true', { sale: 'yes', new: 0 }],
    ['empty lists', { brand: ' , ,', size: '' }],
    ['list entries with markup', { brand: '<img src=x>' }],
    ['objects', { brand: { a: 1 }, color: [null, {}], category: ['dresses'] }],
    ['null everywhere', { category: null, brand: null, min: null, sort: null, page: null }],
  ])('drops %s', (_case, raw) => {
    expect(validateListingSearch(raw as Record<string, unknown>)).toEqual({})
  })

  it('never throws on odd input, including prototype keys', () => {
    const raw = JSON.parse(
      '{"__proto__": {"sale": true}, "constructor": 1, "sort": "rating"}',
    ) as Record<string, unknown>
    expect(validateListingSearch(raw)).toEqual({ sort: 'rating' })
  })

  it('tidies lists: trims, removes repeats, accepts numbers (sizes like 32)', () => {
    expect(validateListingSearch({ brand: ' Nike , Nike,Gucci ', size: 32 })).toEqual({
      brand: 'Nike,Gucci',
      size: '32',
    })
    expect(validateListingSearch({ size: ['M', 'L,M'] })).toEqual({ size: 'M,L' })
  })

  it('swaps a price range given the wrong way round, and rounds to whole shillings', () => {
    expect(validateListingSearch({ min: 9000.4, max: 1000 })).toEqual({ min: 1000, max: 9000 })
  })

  it('lower-cases the category slug', () => {
    expect(validateListingSearch({ category: 'Matching-Sets' })).toEqual({
      category: 'matching-sets',
    })
  })

  it('counts active filters and clears them, keeping the sort', () => {
    const search = validateListingSearch({
      category: 'tops',
      brand: 'A,B',
      min: 10,
      sale: true,
      sort: 'newest',
      page: 2,
    })
    expect(activeFilterCount(search)).toBe(5)
    expect(withoutFilters(search)).toEqual({ sort: 'newest' })
    expect(activeFilterCount({})).toBe(0)
  })
})
