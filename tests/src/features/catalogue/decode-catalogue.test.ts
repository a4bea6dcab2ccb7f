import { describe, expect, it } from 'vitest'
import {
  CatalogueFormatError,
  decodeCatalogue,
  decodeProduct,
} from '@/features/catalogue/api/decode-catalogue'
import { catalogue, catalogueJson } from './catalogue-fixture'

const good = {
  id: 'dress-001',
  slug: 'silk-evening-gown-dress-001',
  name: 'Silk Evening Gown',
  category: 'women',
  price: 38500,
}

describe('decoding the catalogue answer', () => {
  it('reads the RPC shape back exactly', () => {
    expect(decodeCatalogue(catalogueJson())).toEqual(catalogue)
  })

  it.each([
    ['not an object', 'products'],
    ['no product list', { version: '1', brands: [] }],
    ['a product object instead of a list', { products: {} }],
    ['null', null],
  ])('throws on %s', (_case, value) => {
    expect(() => decodeCatalogue(value)).toThrow(CatalogueFormatError)
  })

  it.each([
    ['no id', { ...good, id: '' }],
    ['no name', { ...good, name: '   ' }],
    ['no price', { ...good, price: undefined }],
    ['a negative price', { ...good, price: -1 }],
    ['a price that is not a number', { ...good, price: 'lots' }],
    ['not an object', 'dress-001'],
    ['null', null],
  ])('drops a product with %s', (_case, row) => {
    expect(decodeProduct(row)).toBeUndefined()
  })

  it('keeps the good rows when some are bad, and drops repeated ids', () => {
    const decoded = decodeCatalogue({
      version: 'v1',
      products: [good, { ...good, name: '' }, { ...good, name: 'Copy' }, 42],
      brands: [
        { slug: 'rolex', name: 'Rolex', kind: 'luxury' },
        { slug: 'x', name: 'X', kind: 'toy' },
      ],
    })
    expect(decoded.products.map((product) => product.name)).toEqual(['Silk Evening Gown'])
    expect(decoded.brands.map((brand) => brand.slug)).toEqual(['rolex'])
  })

  it('fills defaults and keeps values in range', () => {
    const product = decodeProduct({
      ...good,
      discount: 150,
      rating: 9,
      stock: -2,
      sizes: ['M', 'M', 3, null, ''],
      tags: ['Heritage'],
      price: '1200.4',
    })
    expect(product).toMatchObject({
      slug: good.slug,
      description: '',
      subcategory: null,
      brand: '',
      price: 1200,
      discount: 100,
      rating: 5,
      stock: 0,
      sizes: ['M', '3'],
      colors: [],
      tags: ['heritage'],
      newArrival: false,
      featured: false,
    })
  })

  it.each([
    ['a local path', '/images/products/gown-emerald.svg', '/images/products/gown-emerald.svg'],
    ['a URL on the internet', 'https://cdn.example.com/x.jpg', null],
    ['a protocol-relative URL', '//cdn.example.com/x.jpg', null],
    ['a javascript: URL', 'javascript:alert(1)', null],
    ['nothing', undefined, null],
  ])('accepts only same-origin images: %s', (_case, image, expected) => {
    expect(decodeProduct({ ...good, image })?.image).toBe(expected)
  })

  it('uses the product code as the slug when there is none', () => {
    expect(decodeProduct({ ...good, slug: undefined })?.slug).toBe('dress-001')
  })
})
