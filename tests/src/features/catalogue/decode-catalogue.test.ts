// @vitest-environment node
import { describe, expect, it } from 'vitest'
import {
  CatalogueFormatError,
  decodeCatalogue,
  decodeCatalogueDetails,
  decodeProduct,
  decodeStoredCatalogue,
  detailsOf,
  mergeDetails,
} from '@/features/catalogue/api/decode-catalogue'
import type { Catalogue } from '@/features/catalogue/catalogue-slice'
import { catalogue, catalogueDetailsJson, catalogueJson } from './catalogue-fixture'
import { encodeCatalogue, encodeDetails } from './catalogue-wire'

const good = {
  id: 'dress-001',
  slug: 'silk-evening-gown-dress-001',
  name: 'Silk Evening Gown',
  category: 'women',
  price: 38500,
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
/** The fixture in list order (by id), as decoding gives it back. */
const sorted: Catalogue = { ...catalogue, products: [...catalogue.products].sort(byId) }

/** A one-product list with some of its columns replaced. */
function listWith(columns: Record<string, unknown[]>, dict: Record<string, unknown> = {}) {
  const one: Catalogue = { ...catalogue, products: catalogue.products.slice(0, 1) }
  const doc = encodeCatalogue(one)
  return {
    ...doc,
    dict: { ...doc.dict, ...dict },
    products: { ...doc.products, ...columns },
  }
}

describe('decoding the catalogue list (format 2)', () => {
  it('reads the list back: every field but the details, which it names', () => {
    const list = decodeCatalogue(catalogueJson())
    expect(list.version).toBe('fixture-1')
    expect(list.detailsVersion).toBe('details-1')
    expect(list.detailsMerged).toBe('')
    expect(list.products).toEqual(
      sorted.products.map((product) => ({
        ...product,
        description: '',
        tags: product.tags.includes('heritage') ? ['heritage'] : [],
      })),
    )
    expect(list.brands).toEqual(catalogue.brands.map((brand) => ({ ...brand, description: '' })))
  })

  it('with its details merged, gives back exactly the catalogue', () => {
    const list = decodeCatalogue(catalogueJson())
    const details = decodeCatalogueDetails(catalogueDetailsJson())
    expect(details.version).toBe('details-1')
    expect(mergeDetails(list, details)).toEqual(sorted)
  })

  it('derives slugs and pictures, and sends the rest as they are', () => {
    const doc = encodeCatalogue(catalogue)
    // The fixture's slugs are `<name words>-<id>`; most pictures are named after the first colour.
    expect(doc.products.slug.filter((code) => code !== 0)).toEqual([])
    expect(doc.products.image.filter((code) => typeof code === 'number').length).toBeGreaterThan(2)
    expect(doc.products.image.filter((code) => typeof code === 'string').length).toBeGreaterThan(0)
    const [product] = decodeCatalogue(
      listWith({
        name: ['Crème & Brûlée'],
        flags: [0],
        slug: [1],
        image: ['/uploads/photo.jpg'],
        colours: [[0]],
      }),
    ).products
    expect(product).toMatchObject({
      name: 'Crème & Brûlée',
      slug: 'creme-and-brulee',
      image: '/uploads/photo.jpg',
    })
  })

  it.each([
    ['not an object', 'products'],
    ['null', null],
    ['the first format (one object per product)', { version: '1', products: [good], brands: [] }],
    ['another format', { ...encodeCatalogue(catalogue), format: 3 }],
    ['a product list instead of columns', { ...encodeCatalogue(catalogue), products: [] }],
  ])('throws on %s', (_case, value) => {
    expect(() => decodeCatalogue(value)).toThrow(CatalogueFormatError)
  })

  it.each([
    ['no id', { id: [null] }],
    ['an id coded against no previous one', { id: ['3:ss-001'] }],
    ['no name', { name: ['  '] }],
    ['a brand-led name without its brand', { flags: [8], brand: [99] }],
    ['no price', { price: [null] }],
    ['a negative price', { price: [-1] }],
    ['a price that is not a number', { price: ['lots'] }],
  ])('drops a product with %s', (_case, columns) => {
    expect(decodeCatalogue(listWith(columns)).products).toEqual([])
  })

  it('keeps the good rows when some are bad, and drops repeated ids', () => {
    const doc = encodeCatalogue(catalogue)
    const names = [...doc.products.name]
    names[1] = ''
    // Whole ids are valid too (a coded one needs the id before it).
    const ids = sorted.products.map((_product, i) => sorted.products[i === 3 ? 2 : i]!.id)
    const decoded = decodeCatalogue({
      ...doc,
      products: { ...doc.products, name: names, id: ids },
      brands: [...doc.brands, { slug: 'x', name: 'X', kind: 'toy' }, 42],
    })
    expect(decoded.products.map((product) => product.id)).toEqual(
      sorted.products.map((product) => product.id).filter((_, i) => i !== 1 && i !== 3),
    )
    expect(decoded.brands).toHaveLength(catalogue.brands.length)
  })

  it('reads a reference that leads nowhere as nothing, and keeps values in range', () => {
    const [product] = decodeCatalogue(
      listWith(
        {
          category: [42],
          subcategory: ['dresses'],
          brand: [-1],
          discount: [150],
          rating: [90],
          stock: [-2],
          sizes: [0],
          colours: [[0, 7, 'x']],
          image: [5],
          listed: ['soon'],
        },
        { sizes: [['M', 'M', 3, null, '']], picture: [] },
      ),
    ).products
    expect(product).toMatchObject({
      category: '',
      subcategory: null,
      brand: '',
      discount: 100,
      rating: 5,
      stock: 0,
      sizes: ['M'],
      image: null,
      createdAt: '',
    })
    expect(product!.colors).toHaveLength(1)
  })

  it.each([
    ['a local path', '/images/products/gown-emerald.svg', '/images/products/gown-emerald.svg'],
    ['a URL on the internet', 'https://cdn.example.com/x.jpg', null],
    ['a protocol-relative URL', '//cdn.example.com/x.jpg', null],
    ['a javascript: URL', 'javascript:alert(1)', null],
    ['nothing', null, null],
  ])('accepts only same-origin images: %s', (_case, image, expected) => {
    expect(decodeCatalogue(listWith({ image: [image] })).products[0]?.image).toBe(expected)
  })
})

describe('decoding the details', () => {
  it('throws on something that is not a details document', () => {
    for (const value of [null, 'x', { version: 'v', products: [] }, { format: 2 }]) {
      expect(() => decodeCatalogueDetails(value)).toThrow(CatalogueFormatError)
    }
  })

  it('reads numbers as text and the rest as empty, and merges by id (an unknown id is skipped)', () => {
    const doc = encodeDetails(catalogue, 'details-2')
    const details = decodeCatalogueDetails({
      ...doc,
      products: {
        id: ['dress-001', 'nobody-001'],
        description: [42, 'Nobody.'],
        tags: [['Gown', 'gown', 7], null],
      },
    })
    expect(details.products.get('dress-001')).toEqual({ description: '42', tags: ['gown', '7'] })
    const merged = mergeDetails(decodeCatalogue(catalogueJson()), details)
    expect(merged.detailsMerged).toBe('details-2')
    expect(merged.products.find((p) => p.id === 'dress-001')).toMatchObject({
      description: '42',
      tags: ['gown', '7'],
    })
    expect(merged.products.some((p) => p.id === 'nobody-001')).toBe(false)
    // A product the details do not know keeps what the list says.
    expect(merged.products.find((p) => p.id === 'dress-002')).toMatchObject({
      description: '',
      tags: ['heritage'],
    })
  })

  it('leaves the Heritage Collection to the list, whatever older details say', () => {
    const list = decodeCatalogue(catalogueJson())
    const older = decodeCatalogueDetails({
      ...encodeDetails(catalogue, 'details-0'),
      products: {
        id: ['dress-001', 'dress-002'],
        description: ['a', 'b'],
        tags: [['heritage'], []],
      },
    })
    const merged = mergeDetails(list, older)
    expect(merged.products.find((p) => p.id === 'dress-001')?.tags).toEqual([])
    expect(merged.products.find((p) => p.id === 'dress-002')?.tags).toEqual(['heritage'])
  })

  it('brings specifications with the details; they are the word on them, not an older list', () => {
    const sheet = { reference: '126610LN', movement: 'Automatic, calibre 3235' }
    const withSheet: Catalogue = {
      ...catalogue,
      products: catalogue.products.map((p) =>
        p.id === 'luxe-rolex-001' ? { ...p, specs: sheet } : p,
      ),
    }
    const list = decodeCatalogue(encodeCatalogue(withSheet))
    expect(list.products.some((p) => p.specs)).toBe(false)
    const details = decodeCatalogueDetails(encodeDetails(withSheet))
    expect(details.products.get('luxe-rolex-001')?.specs).toEqual(sheet)
    expect(details.products.get('dress-001')).not.toHaveProperty('specs')
    const merged = mergeDetails(list, details)
    expect(merged.products.find((p) => p.id === 'luxe-rolex-001')?.specs).toEqual(sheet)
    expect(merged.products.filter((p) => p.specs)).toHaveLength(1)
    // Held details carry the sheet over to a newer list.
    expect(mergeDetails(list, detailsOf(merged)!)).toEqual(merged)

    // A list made before the sheets moved to the details still carries them: the details decide.
    const older = encodeCatalogue(withSheet)
    const index = older.products.id.indexOf('luxe-rolex-001')
    const olderList = decodeCatalogue({
      ...older,
      specs: { product: [index], value: [{ reference: 'OLD-1' }] },
    })
    expect(olderList.products[index]?.specs).toEqual({ reference: 'OLD-1' })
    expect(mergeDetails(olderList, details).products[index]?.specs).toEqual(sheet)
    const noSheets = decodeCatalogueDetails(encodeDetails(catalogue))
    expect(mergeDetails(olderList, noSheets).products[index]).not.toHaveProperty('specs')
  })

  it('carries merged details over to a newer list', () => {
    expect(detailsOf(decodeCatalogue(catalogueJson()))).toBeUndefined()
    const held = detailsOf(catalogue)!
    expect(held.version).toBe('details-1')
    expect(mergeDetails(decodeCatalogue(catalogueJson()), held)).toEqual(sorted)
  })
})

describe('the copy saved on the device', () => {
  it('reads back exactly, and checks every row again', () => {
    expect(decodeStoredCatalogue(JSON.parse(JSON.stringify(catalogue)))).toEqual(catalogue)
    const damaged = decodeStoredCatalogue({
      ...catalogue,
      products: [...catalogue.products, { ...good, id: '' }, 'junk'],
    })
    expect(damaged.products).toEqual(catalogue.products)
    expect(() => decodeStoredCatalogue({ products: 'oops' })).toThrow(CatalogueFormatError)
  })

  it('fills defaults in a saved row', () => {
    const product = decodeProduct({ ...good, discount: 150, tags: ['Heritage'], price: '1200.4' })
    expect(product).toMatchObject({
      slug: good.slug,
      description: '',
      subcategory: null,
      brand: '',
      price: 1200,
      discount: 100,
      tags: ['heritage'],
      newArrival: false,
    })
    expect(decodeProduct({ ...good, slug: undefined })?.slug).toBe('dress-001')
  })
})
