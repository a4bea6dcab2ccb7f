// @vitest-environment node
import { describe, expect, it } from 'vitest'
import {
  applyFilters,
  facetsFor,
  sellingPrice,
  sortProducts,
} from '@/features/catalogue/listing/filter-products'
import { resolvePreset } from '@/features/catalogue/listing/presets'
import { products } from './catalogue-fixture'

const ids = (list: { id: string }[]) => list.map((product) => product.id)
const women = resolvePreset('women', products)!

describe('presets', () => {
  it.each([
    ['all', products.length],
    ['women', 4],
    ['men', 2],
    ['bags', 10],
    ['luxury-watches', 1],
    ['sale', 3],
    ['new-arrivals', 2],
    ['heritage', 2],
    ['dresses', 2],
    ['matching-sets', 1],
    ['tops', 2],
  ])('%s lists %i products', (key, count) => {
    const preset = resolvePreset(key, products)
    expect(preset).toBeDefined()
    expect(products.filter(preset!.includes)).toHaveLength(count)
  })

  it('titles subcategories from their slug and mixes categories in them', () => {
    const tops = resolvePreset('tops', products)!
    expect(tops.title).toBe('Tops')
    expect(tops.facet).toBe('category')
    expect(resolvePreset('matching-sets', products)!.title).toBe('Matching Sets')
  })

  it.each(['hats-and-gloves', 'unknown', ''])('does not know %j', (key) => {
    expect(resolvePreset(key, products)).toBeUndefined()
  })
})

describe('filters', () => {
  it.each([
    ['category or subcategory', { category: 'dresses' }, ['dress-001', 'dress-002']],
    ['brand', { brand: 'Nike' }, ['shoes-001']],
    ['any of several brands', { brand: 'nike,Rolex' }, ['shoes-001', 'luxe-rolex-001']],
    ['size', { size: 'EU 41' }, ['shoes-001', 'shoes-002']],
    ['colour, any case', { color: 'emerald' }, ['dress-001']],
    ['on sale', { sale: true }, ['dress-002', 'tops-001', 'shoes-001']],
    ['new', { new: true }, ['dress-002', 'kids-001']],
    [
      'price paid (after discount), at least',
      { min: 64_400 },
      ['luxe-rolex-001', 'smart-apple-001'],
    ],
    ['price paid, at most', { max: 2_450 }, ['tops-001', 'beauty-001']],
  ])('by %s', (_case, search, expected) => {
    expect(ids(applyFilters(products, search)).sort()).toEqual([...expected].sort())
  })

  it('combines filters (all must hold)', () => {
    expect(ids(applyFilters(products, { category: 'women', sale: true, size: 'S' }))).toEqual([
      'dress-002',
      'tops-001',
    ])
    expect(applyFilters(products, { brand: 'Nike', category: 'women' })).toEqual([])
  })

  it('uses the discounted price', () => {
    const kitenge = products.find((product) => product.id === 'dress-002')!
    expect(sellingPrice(kitenge)).toBe(8330)
  })
})

describe('sorting', () => {
  const prices = (list: typeof products) => list.map(sellingPrice)

  it('by price, both ways', () => {
    const up = prices(sortProducts(products, 'price-asc'))
    expect(up).toEqual([...up].sort((a, b) => a - b))
    const down = prices(sortProducts(products, 'price-desc'))
    expect(down).toEqual([...down].sort((a, b) => b - a))
  })

  it('featured first, best rated among them', () => {
    expect(ids(sortProducts(products, 'featured').slice(0, 3))).toEqual([
      'dress-001',
      'luxe-rolex-001',
      'mens-tee-001',
    ])
  })

  it('newest, top rated and biggest discount first', () => {
    expect(sortProducts(products, 'newest')[0]!.id).toBe('bags-010')
    expect(sortProducts(products, 'rating')[0]!.id).toBe('dress-001')
    expect(ids(sortProducts(products, 'discount').slice(0, 3))).toEqual([
      'tops-001',
      'dress-002',
      'shoes-001',
    ])
  })

  it('does not change the list it is given', () => {
    const before = ids(products)
    sortProducts(products, 'price-desc')
    expect(ids(products)).toEqual(before)
  })
})

describe('facets', () => {
  it('counts subcategories, brands, sizes in wearing order, colours and the price span', () => {
    const facets = facetsFor(products.filter(women.includes), women)
    expect(facets.categories).toEqual([
      { value: 'dresses', label: 'Dresses', count: 2 },
      { value: 'matching-sets', label: 'Matching Sets', count: 1 },
      { value: 'tops', label: 'Tops', count: 1 },
    ])
    expect(facets.brands).toEqual([
      { value: 'Luxe Kenya Atelier', label: 'Luxe Kenya Atelier', count: 2 },
    ])
    expect(facets.sizes.map((size) => size.value)).toEqual(['XS', 'S', 'M', 'L', 'XL'])
    expect(facets.colors[0]).toEqual({ value: 'Black', label: 'Black', count: 2 })
    expect(facets.prices).toEqual({ min: 2450, max: 38500 })
  })

  it('sorts numeric sizes by number', () => {
    const shoes = resolvePreset('shoes', products)!
    const facets = facetsFor(
      [
        { ...products[0]!, sizes: ['EU 42', 'EU 9', '30', 'One Size'] },
        { ...products[1]!, sizes: ['28'] },
      ],
      shoes,
    )
    expect(facets.sizes.map((size) => size.value)).toEqual([
      'EU 9',
      '28',
      '30',
      'EU 42',
      'One Size',
    ])
  })
})
