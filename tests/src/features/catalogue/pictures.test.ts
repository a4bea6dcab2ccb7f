// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { illustrationFor, picturesFor, thumbnailFor } from '@/features/catalogue/product/pictures'
import type { Product } from '@/features/catalogue/types'

const base: Product = {
  id: 'dress-009',
  slug: 'silk-evening-gown',
  name: 'Silk Evening Gown',
  description: '',
  category: 'women',
  subcategory: 'dresses',
  brand: '',
  price: 30000,
  discount: 0,
  rating: 4.5,
  sizes: ['S'],
  colors: ['Emerald', 'Champagne'],
  tags: [],
  stock: 3,
  image: '/images/products/gown-emerald.svg',
  newArrival: false,
  featured: false,
  createdAt: '2026-11-01',
}

const photo = (colour: string | null, path: string) => ({
  colour,
  path,
  width: 1200,
  height: 1500,
  alt: '',
})

describe('pictures follow the colour', () => {
  it('draws the chosen colour when there are no photos', () => {
    expect(illustrationFor(base, undefined)).toBe('/images/products/gown-emerald.svg')
    expect(illustrationFor(base, 'Champagne')).toBe('/images/products/gown-champagne.svg')
    expect(picturesFor(base, 'Champagne')).toEqual([
      expect.objectContaining({
        src: '/images/products/gown-champagne.svg',
        width: 800,
        height: 1000,
      }),
    ])
    expect(thumbnailFor(base, 'Champagne')).toBe('/images/products/gown-champagne.svg')
  })

  it("shows the colour's photos, then those of every colour, each with its size and variants", () => {
    const product = {
      ...base,
      photos: [
        photo('Emerald', 'dress-009/emerald/a.jpg'),
        photo('Champagne', 'dress-009/champagne/b.jpg'),
        photo('Champagne', 'dress-009/champagne/c.jpg'),
        photo(null, 'dress-009/all/d.jpg'),
      ],
    }
    const pictures = picturesFor(product, 'Champagne')
    expect(pictures.map((p) => p.key)).toEqual([
      'dress-009/champagne/b.jpg',
      'dress-009/champagne/c.jpg',
      'dress-009/all/d.jpg',
    ])
    expect(pictures[0]).toMatchObject({ width: 1200, height: 1500 })
    expect(pictures[0]!.srcSet).toContain(
      '/storage/v1/render/image/public/product-photos/dress-009/champagne/b.jpg?width=320&quality=75 320w',
    )
    expect(pictures[0]!.srcSet).toContain(' 1200w')
    expect(picturesFor(product, undefined)[0]!.key).toBe('dress-009/emerald/a.jpg')
    expect(thumbnailFor(product, 'Champagne')).toMatch(/champagne\/b\.jpg\?width=160&quality=75$/)
  })
})
