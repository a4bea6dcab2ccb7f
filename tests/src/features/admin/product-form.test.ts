import { describe, expect, it } from 'vitest'
import {
  draftFromProduct,
  emptyProductDraft,
  parseWhole,
  productRowFromDraft,
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
