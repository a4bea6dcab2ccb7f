// @vitest-environment node
import { describe, expect, it } from 'vitest'
import {
  draftFromProduct,
  emptyProductDraft,
  parseWhole,
  productRowFromDraft,
  sizeRowsFromDraft,
  sizeStockTotal,
  slugify,
  validateProduct,
  type ProductDraft,
  type ProductRow,
} from '@/features/admin/product-form'

const valid: ProductDraft = {
  ...emptyProductDraft,
  name: 'Kikoy Beach Wrap',
  slug: 'kikoy-beach-wrap',
  category: 'women',
  price: '3,500',
  discount: '10',
  stock: '0',
  image: '/images/products/scarf-kikoy-stripe.svg',
  sizes: ['One size'],
}

describe('product rules', () => {
  it('accepts a valid product, prices typed with commas or spaces', () => {
    expect(validateProduct(valid)).toEqual({})
    expect(parseWhole('6,300')).toBe(6300)
    expect(parseWhole('6 300')).toBe(6300)
    for (const bad of ['', '6.5', '-1', '1e3', 'abc', '99999999999999999999']) {
      expect(parseWhole(bad)).toBeNull()
    }
  })

  it('refuses what the database would refuse, in words, per field', () => {
    const errors = validateProduct({
      ...valid,
      name: '  ',
      slug: 'Kikoy Wrap',
      category: '',
      price: '0',
      discount: '91',
      stock: '-2',
      image: 'https://example.com/x.png',
    })
    expect(errors).toEqual({
      name: 'Enter the product name.',
      slug: 'Use lower-case letters, numbers and single dashes between words, e.g. silk-wrap-dress.',
      category: 'Choose a category.',
      price: 'Enter the price in whole shillings, more than 0 (e.g. 6300).',
      discount: 'Enter a discount from 0 to 90 percent, in whole numbers.',
      stock: 'Enter the stock as a whole number, 0 or more.',
      image: 'Use a path on this site, e.g. /images/products/dress-black.svg.',
    })
    for (const image of ['//evil.example/x.svg', 'javascript:alert(1)', '/images/../secret']) {
      expect(validateProduct({ ...valid, image }).image).toBeDefined()
    }
    expect(validateProduct({ ...valid, price: '1.5' }).price).toBeDefined()
    expect(validateProduct({ ...valid, sizes: ['x'.repeat(41)] }).sizes).toBeDefined()
  })

  it('makes a slug from the name', () => {
    expect(slugify('Silk Wrap Dress (Navy)')).toBe('silk-wrap-dress-navy')
    expect(slugify('  Café & Crème — Été ')).toBe('cafe-and-creme-ete')
    expect(slugify('***')).toBe('')
  })

  it('turns a draft into the row to save, keeping the other images', () => {
    const row = productRowFromDraft({ ...valid, subcategory: ' ', brand: ' Luxe Kenya Atelier ' }, [
      '/images/products/scarf-grey.svg',
      '/images/products/scarf-kikoy-stripe.svg',
    ])
    expect(row).toMatchObject({
      name: 'Kikoy Beach Wrap',
      price: 3500,
      discount: 10,
      stock: 0,
      subcategory: null,
      brand: 'Luxe Kenya Atelier',
      images: ['/images/products/scarf-kikoy-stripe.svg', '/images/products/scarf-grey.svg'],
      active: true,
    })
  })

  it('round-trips a stored product through the form', () => {
    const product = {
      id: 'wrap-1',
      slug: 'kikoy-beach-wrap',
      name: 'Kikoy Beach Wrap',
      description: 'Cotton',
      category: 'women',
      subcategory: null,
      brand: null,
      price: 3500,
      discount: 0,
      images: [],
      sizes: [],
      colors: ['Red'],
      tags: [],
      stock: 4,
      rating: 4.5,
      new_arrival: true,
      featured: false,
      active: false,
      created_at: '',
      updated_at: '',
      edit_version: 1,
      specs: {},
    } satisfies ProductRow
    const draft = draftFromProduct(product)
    expect(draft).toMatchObject({ price: '3500', stock: '4', image: '', active: false })
    expect(productRowFromDraft(draft)).toMatchObject({
      price: 3500,
      images: [],
      colors: ['Red'],
      new_arrival: true,
      active: false,
    })
  })
})

describe('stock per size', () => {
  const dress: ProductDraft = {
    ...valid,
    sizes: ['S', 'M', 'L'],
    bySize: true,
    sizeStock: { S: '4', M: '1,200', XL: '9' },
  }

  it('totals the sizes the product offers (a size not typed yet has 0) as its stock', () => {
    expect(sizeStockTotal(dress)).toBe(1204)
    expect(validateProduct(dress)).toEqual({})
    expect(productRowFromDraft({ ...dress, stock: '7' }).stock).toBe(1204)
    expect(sizeRowsFromDraft(dress, 'dress-1')).toEqual([
      { product_id: 'dress-1', size: 'S', stock: 4 },
      { product_id: 'dress-1', size: 'M', stock: 1200 },
      { product_id: 'dress-1', size: 'L', stock: 0 },
    ])
  })

  it('refuses a size stock that is not a whole number, and per-size stock without sizes', () => {
    expect(validateProduct({ ...dress, sizeStock: { S: '-1' } })).toEqual({
      sizeStock: 'Enter each size’s stock as a whole number, 0 or more.',
    })
    expect(sizeStockTotal({ ...dress, sizeStock: { S: 'two' } })).toBeNull()
    expect(validateProduct({ ...dress, sizes: [] }).sizeStock).toBe(
      'Add the sizes first, or count the stock as one number.',
    )
    // The single number is not checked while the sizes are counted.
    expect(validateProduct({ ...dress, stock: 'many' }).stock).toBeUndefined()
  })

  it('opens a product counted per size with its rows, and one without as one number', () => {
    const row: ProductRow = {
      id: 'dress-1',
      slug: 'kikoy-beach-wrap',
      name: 'Kikoy Beach Wrap',
      description: '',
      category: 'women',
      subcategory: null,
      brand: null,
      price: 3500,
      discount: 0,
      images: [],
      sizes: ['S', 'M'],
      colors: [],
      tags: [],
      stock: 4,
      rating: 4,
      new_arrival: false,
      featured: false,
      active: true,
      created_at: '',
      updated_at: '',
      edit_version: 1,
      specs: {},
    }
    expect(
      draftFromProduct(row, [
        { size: 'S', stock: 4 },
        { size: 'M', stock: 0 },
      ]),
    ).toMatchObject({ bySize: true, sizeStock: { S: '4', M: '0' } })
    expect(draftFromProduct(row)).toMatchObject({ bySize: false, sizeStock: {} })
  })
})
