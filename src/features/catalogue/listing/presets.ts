import { productCategories, type Product } from '../types'

/** Which list a listing page starts from, before the shopper's filters. */
export interface ListingPreset {
  key: string
  title: string
  /** One line under the title. */
  intro: string
  includes: (product: Product) => boolean
  /** The 'Category' filter lists categories (mixed lists) or subcategories (one category). */
  facet: 'category' | 'subcategory'
}

const byCategory = (category: string) => (product: Product) => product.category === category

const fixed: Record<string, Omit<ListingPreset, 'key'>> = {
  all: {
    title: 'All Products',
    intro: 'The whole Luxe Kenya edit, from Nairobi ateliers to Swiss watchmakers.',
    includes: () => true,
    facet: 'category',
  },
  women: {
    title: 'Women',
    intro: 'Dresses, matching sets, tops and tailoring, cut for Kenyan days and evenings.',
    includes: byCategory('women'),
    facet: 'subcategory',
  },
  men: {
    title: 'Men',
    intro: 'Shirts, trousers, knitwear and jackets with a sharp, easy fit.',
    includes: byCategory('men'),
    facet: 'subcategory',
  },
  kids: {
    title: 'Kids',
    intro: 'Play-proof clothes and shoes for little ones, from babies to pre-teens.',
    includes: byCategory('kids'),
    facet: 'subcategory',
  },
  beauty: {
    title: 'Beauty',
    intro: 'Skincare, fragrance and make-up, with shea, baobab and marula from the region.',
    includes: byCategory('beauty'),
    facet: 'subcategory',
  },
  accessories: {
    title: 'Fashion Accessories',
    intro: 'Belts, scarves, hats and sunglasses to finish the look.',
    includes: byCategory('accessories'),
    facet: 'subcategory',
  },
  shoes: {
    title: 'Shoes',
    intro: 'Sneakers, heels, boots, sandals and loafers.',
    includes: byCategory('shoes'),
    facet: 'subcategory',
  },
  bags: {
    title: 'Bags',
    intro:
      'Handbags, totes, clutches and backpacks, from designer houses and local leatherworkers.',
    includes: byCategory('bags'),
    facet: 'subcategory',
  },
  jewelry: {
    title: 'Jewelry',
    intro: 'Maasai beadwork, brass and fine gold, made to be worn every day.',
    includes: byCategory('jewelry'),
    facet: 'subcategory',
  },
  'luxury-watches': {
    title: 'Luxury Watches',
    intro: 'Swiss and French haute horlogerie, authenticated and delivered across Kenya.',
    includes: byCategory('luxury-watches'),
    facet: 'subcategory',
  },
  'smart-watches': {
    title: 'Smart Watches',
    intro: 'Health, fitness and notifications on your wrist, from budget to luxury.',
    includes: byCategory('smart-watches'),
    facet: 'subcategory',
  },
  sale: {
    title: 'Sale',
    intro: 'Marked down for a short time: every piece here carries a discount.',
    includes: (product) => product.discount > 0,
    facet: 'category',
  },
  'new-arrivals': {
    title: 'New Arrivals',
    intro: 'Just landed: the newest pieces in the store.',
    includes: (product) => product.newArrival,
    facet: 'category',
  },
  heritage: {
    title: 'Heritage Collection',
    intro: 'Kitenge, kikoy, Maasai beadwork and sisal, made with Kenyan craftspeople.',
    includes: (product) => product.tags.includes('heritage'),
    facet: 'category',
  },
}

export function titleFromSlug(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
}

/** True for the names the app knows without data (categories and the fixed collections). */
export function isFixedPreset(key: string): boolean {
  return Object.hasOwn(fixed, key)
}

/**
 * The preset for a listing key: a fixed collection, a category, or a subcategory found in the data
 * (`/products/dresses`). Unknown keys give undefined (the page says so).
 */
export function resolvePreset(
  key: string,
  products: readonly Product[],
): ListingPreset | undefined {
  const slug = key.toLowerCase()
  if (Object.hasOwn(fixed, slug)) return { key: slug, ...fixed[slug]! }
  if ((productCategories as readonly string[]).includes(slug)) {
    return {
      key: slug,
      title: titleFromSlug(slug),
      intro: '',
      includes: byCategory(slug),
      facet: 'subcategory',
    }
  }
  const sample = products.find((product) => product.subcategory === slug)
  if (!sample) return undefined
  return {
    key: slug,
    title: titleFromSlug(slug),
    intro: `${titleFromSlug(slug)} from our ${titleFromSlug(sample.category)} collection and beyond.`,
    includes: (product) => product.subcategory === slug,
    facet: 'category',
  }
}
