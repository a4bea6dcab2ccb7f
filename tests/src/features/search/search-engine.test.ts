// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { searchLimits } from '@/config/site'
import { createSearchEngine, type SearchLimits } from '@/features/search/engine/search-engine'
import type { SearchableProduct, SearchResult } from '@/features/search/engine/types'
import { brands, products } from '../catalogue/catalogue-fixture'

function engineWith(
  list: readonly SearchableProduct[] = products,
  limits: SearchLimits = searchLimits,
) {
  const engine = createSearchEngine({ limits })
  engine.addProducts(list)
  engine.setBrands(brands)
  return engine
}

const engine = engineWith()
const of = (results: SearchResult[], type: SearchResult['type']) =>
  results.filter((result) => result.type === type)
const names = (results: SearchResult[], type: SearchResult['type'] = 'product') =>
  of(results, type).map((result) => result.name)

function item(id: string, name: string, fields: Partial<SearchableProduct> = {}) {
  return {
    id,
    name,
    category: 'women',
    brand: '',
    description: '',
    price: 1000,
    image: null,
    ...fields,
  }
}

describe('search rules (spec §5)', () => {
  it.each(['', ' ', '   ', '\t\n '])('a blank query %j has no results', (query) => {
    expect(engine.search(query)).toEqual([])
  })

  it.each([
    ['name', 'Evening Gown', 'Silk Evening Gown'],
    ['name, any case', 'sILK eVENING', 'Silk Evening Gown'],
    ['category', 'beauty', 'Shea Butter Body Cream'],
    ['brand', 'nairobi basics', 'Organic Cotton Tee'],
    ['description', 'charmeuse', 'Silk Evening Gown'],
    ['a substring inside a word', 'rmeus', 'Silk Evening Gown'],
  ])('products match on their %s (%j)', (_field, query, expected) => {
    expect(names(engine.search(query))).toContain(expected)
  })

  it.each([
    ['name', 'Patek', 'luxury-watch-brand', 'Patek Philippe'],
    ['category', 'smart watches', 'smart-watch-brand', 'Apple Watch'],
    ['description', 'oyster case', 'luxury-watch-brand', 'Rolex'],
    ['country (luxury houses)', 'france', 'luxury-watch-brand', 'Cartier'],
    ['description', 'gps sports', 'smart-watch-brand', 'Garmin'],
  ] as const)('brands match on their %s (%j)', (_field, query, type, expected) => {
    expect(names(engine.search(query), type)).toContain(expected)
  })

  it('smart watch brands do not match on their country', () => {
    expect(names(engine.search('south korea'), 'smart-watch-brand')).toEqual([])
    expect(names(engine.search('samsung'), 'smart-watch-brand')).toEqual(['Samsung Galaxy Watch'])
  })

  it.each([
    ['name', 'size guide', 'Size Guide'],
    ['keyword', 'refund', 'Returns'],
    ['keyword', 'delivery', 'Shipping Info'],
  ])('pages match on their %s (%j)', (_field, query, expected) => {
    expect(names(engine.search(query), 'page')).toContain(expected)
  })

  it('gives each kind of result its fields and target (spec §2, §3)', () => {
    const [gown] = of(engine.search('kitenge print midi'), 'product')
    expect(gown).toEqual({
      type: 'product',
      id: 'dress-002',
      productId: 'dress-002',
      name: 'Kitenge Print Midi Dress',
      category: 'women',
      brand: 'Luxe Kenya Atelier',
      image: '/images/products/dress-black.svg',
      // 15% off KSH 9,800: the price the shopper pays.
      price: 8330,
      path: '/product/dress-002',
    })
    const [rolex] = of(engine.search('rolex'), 'luxury-watch-brand')
    expect(rolex).toMatchObject({
      name: 'Rolex',
      path: '/luxury-watches',
      category: 'Luxury Watches',
    })
    const [garmin] = of(engine.search('garmin'), 'smart-watch-brand')
    expect(garmin).toMatchObject({ name: 'Garmin', path: '/smart-watches' })
    const [faq] = of(engine.search('faq'), 'page')
    expect(faq).toMatchObject({ type: 'page', name: 'FAQ', path: '/faq' })
  })

  it('finds nothing for words that are nowhere', () => {
    expect(engine.search('zzqx')).toEqual([])
  })

  it('treats markup in the query as plain text', () => {
    expect(engine.search('<img src=x onerror=alert(1)>')).toEqual([])
  })
})

describe('search limits (spec §9)', () => {
  it.each([
    ['products', 'leather', 'product', searchLimits.products],
    ['luxury brands', 'watch', 'luxury-watch-brand', searchLimits.luxuryBrands],
    ['smart brands', 'watch', 'smart-watch-brand', searchLimits.smartBrands],
    ['pages', 'watch', 'page', searchLimits.pages],
  ] as const)('shows at most the limit of %s', (_kind, query, type, limit) => {
    expect(of(engine.search(query), type)).toHaveLength(limit)
  })

  it('caps the combined list at 15', () => {
    const results = engine.search('a')
    expect(results.length).toBeLessThanOrEqual(searchLimits.total)
    const tight = engineWith(products, { ...searchLimits, total: 5 })
    expect(tight.search('a')).toHaveLength(5)
  })

  it('caps brand candidates at 5 before the per-kind limit', () => {
    const loose = engineWith(products, { ...searchLimits, luxuryBrands: 10, smartBrands: 10 })
    const results = loose.search('watch')
    expect(of(results, 'luxury-watch-brand')).toHaveLength(searchLimits.brandCandidates)
    expect(of(results, 'smart-watch-brand')).toHaveLength(searchLimits.brandCandidates)
  })

  it('lists products, then luxury and smart watch brands, then pages', () => {
    const order = engine.search('watch').map((result) => result.type)
    const firstOf = (type: SearchResult['type']) => order.indexOf(type)
    expect(firstOf('product')).toBe(0)
    expect(firstOf('luxury-watch-brand')).toBeGreaterThan(order.lastIndexOf('product'))
    expect(firstOf('smart-watch-brand')).toBeGreaterThan(order.lastIndexOf('luxury-watch-brand'))
    expect(firstOf('page')).toBeGreaterThan(order.lastIndexOf('smart-watch-brand'))
  })
})

describe('beyond the spec', () => {
  it('ranks name matches first', () => {
    const ranked = engineWith([
      item('a', 'Wrap Blouse', { description: 'Wear it with a silk scarf.' }),
      item('b', 'Scarf Print Skirt', { brand: 'Silk Road' }),
      item('c', 'Pure Silk Scarf'),
      item('d', 'Silk Camisole'),
    ])
    expect(names(ranked.search('silk'))).toEqual([
      'Silk Camisole',
      'Pure Silk Scarf',
      'Scarf Print Skirt',
      'Wrap Blouse',
    ])
    // Every word of the query in the name beats the phrase elsewhere.
    expect(names(ranked.search('silk scarf'))[0]).toBe('Pure Silk Scarf')
  })

  it.each([
    ['snekers', ['Kids Canvas High-Top Sneakers', 'Leather Court Sneakers']],
    ['handbg', ['Leather Tote 1']],
    ['rolx', ['Rolex Submariner Date']],
    ['necklase', ['Maasai Beaded Collar Necklace']],
    ['slik', ['Silk Evening Gown']],
  ])('forgives one typo in a word of four letters or more (%j)', (query, expected) => {
    const found = names(engine.search(query))
    for (const name of expected) expect(found).toContain(name)
  })

  it('finds the brand through a typo too', () => {
    expect(names(engine.search('rolx'), 'luxury-watch-brand')).toEqual(['Rolex'])
  })

  it('finds words still being typed with a typo', () => {
    expect(names(engine.search('snek'))).toContain('Leather Court Sneakers')
  })

  it.each([
    ['two slips', 'snkers'],
    ['a short word', 'rng'],
    ['a wrong first letter', 'bilk'],
  ])('does not stretch to %s (%j)', (_case, query) => {
    expect(of(engine.search(query), 'product')).toEqual([])
  })

  it('prefers exact matches to typo matches', () => {
    const mixed = engineWith([item('a', 'Bolt Earrings'), item('b', 'Bold Earrings')])
    expect(names(mixed.search('bold'))).toEqual(['Bold Earrings'])
  })

  it.each([
    ['viatu', ['Leather Court Sneakers', 'Suede Chelsea Boots', 'Kids Canvas High-Top Sneakers']],
    ['mkoba', ['Leather Tote 1']],
    ['pete', ['Sterling Silver Signet Ring']],
    ['mkufu', ['Maasai Beaded Collar Necklace']],
    ['saa', ['Apple Watch Series 10']],
  ])('understands the Swahili word %j', (query, expected) => {
    const found = names(engine.search(query))
    for (const name of expected) expect(found).toContain(name)
  })

  it('finds shoe and clothing pages for Swahili words', () => {
    expect(names(engine.search('viatu'), 'page')).toContain('Shoes Store')
    expect(names(engine.search('nguo'), 'page')).toEqual(
      expect.arrayContaining(['Women', 'Men', 'Kids']),
    )
    expect(names(engine.search('saa'), 'luxury-watch-brand')).toHaveLength(2)
  })

  it('matches translations only at the start of a word', () => {
    const strings = engineWith([item('a', 'Drawstring Shorts'), item('b', 'Gold Ring')])
    expect(names(strings.search('pete'))).toEqual(['Gold Ring'])
  })

  it('folds accents both ways', () => {
    const accented = engineWith([item('a', 'Bandoulière Bag'), item('b', 'Cafe Tee')])
    expect(names(accented.search('bandouliere'))).toEqual(['Bandoulière Bag'])
    expect(names(accented.search('CAFÉ'))).toEqual(['Cafe Tee'])
  })

  it('indexes in chunks with the same results as all at once', () => {
    const chunked = createSearchEngine()
    for (let from = 0; from < products.length; from += 3) {
      chunked.addProducts(products.slice(from, from + 3))
      chunked.search('leather') // searching between chunks must not break later ones
    }
    chunked.setBrands(brands)
    expect(chunked.productCount).toBe(products.length)
    for (const query of ['leather', 'snekers', 'viatu', 'a', 'silk gown']) {
      expect(chunked.search(query)).toEqual(engine.search(query))
    }
  })
})
