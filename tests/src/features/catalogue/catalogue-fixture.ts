import type { Brand, Catalogue, Product } from '@/features/catalogue/catalogue-slice'
import { encodeCatalogue, encodeDetails } from './catalogue-wire'

/**
 * A small catalogue as the app holds it once the list and its details are in, for tests that need
 * products without the server: a few of each category, ten leather goods (more than a search may
 * show), and the twelve watch brands.
 */
let day = 0
function product(fields: Partial<Product> & Pick<Product, 'id' | 'name' | 'category'>): Product {
  day += 1
  return {
    slug: `${fields.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${fields.id}`,
    description: '',
    subcategory: null,
    brand: '',
    price: 5000,
    discount: 0,
    rating: 4.5,
    sizes: [],
    colors: ['Black'],
    tags: [],
    stock: 20,
    image: '/images/products/dress-black.svg',
    newArrival: false,
    featured: false,
    createdAt: new Date(Date.UTC(2026, 0, day)).toISOString().slice(0, 10),
    ...fields,
  }
}

export const products: Product[] = [
  product({
    id: 'dress-001',
    name: 'Silk Evening Gown',
    category: 'women',
    subcategory: 'dresses',
    brand: 'Luxe Kenya Atelier',
    description: 'Floor-length silk charmeuse cut on the bias, for black-tie evenings.',
    price: 38500,
    sizes: ['XS', 'S', 'M', 'L'],
    colors: ['Emerald', 'Black'],
    tags: ['gown', 'evening'],
    stock: 3,
    featured: true,
    rating: 4.9,
    image: '/images/products/gown-emerald.svg',
  }),
  product({
    id: 'dress-002',
    name: 'Kitenge Print Midi Dress',
    category: 'women',
    subcategory: 'dresses',
    brand: 'Luxe Kenya Atelier',
    description: 'Bold wax-print kitenge sewn in our Nairobi workroom.',
    price: 9800,
    discount: 15,
    sizes: ['S', 'M', 'L'],
    colors: ['Kitenge Print'],
    tags: ['heritage', 'kitenge'],
    newArrival: true,
    rating: 4.6,
  }),
  product({
    id: 'sets-001',
    name: 'Linen Co-ord Matching Set',
    category: 'women',
    subcategory: 'matching-sets',
    description: 'A relaxed shirt and wide trousers in washed linen.',
    price: 14000,
    sizes: ['S', 'M', 'L', 'XL'],
    colors: ['Sand', 'White'],
    rating: 4.2,
  }),
  product({
    id: 'tops-001',
    name: 'Ribbed Knit Top',
    category: 'women',
    subcategory: 'tops',
    description: 'A fitted ribbed top that goes with everything.',
    price: 3500,
    discount: 30,
    sizes: ['XS', 'S', 'M'],
    colors: ['Cream', 'Black'],
    stock: 0,
    rating: 3.9,
  }),
  product({
    id: 'mens-tee-001',
    name: 'Organic Cotton Tee',
    category: 'men',
    subcategory: 'tops',
    brand: 'Nairobi Basics',
    description: 'Heavyweight organic cotton, cut for a relaxed fit.',
    price: 2500,
    sizes: ['S', 'M', 'L', 'XL'],
    colors: ['White', 'Black', 'Olive'],
    featured: true,
    rating: 4.4,
  }),
  product({
    id: 'mens-chino-001',
    name: 'Slim Stretch Chinos',
    category: 'men',
    subcategory: 'bottoms',
    description: 'Stretch cotton twill chinos with a tapered leg.',
    price: 6300,
    sizes: ['30', '32', '34'],
    colors: ['Khaki', 'Navy'],
    rating: 4.1,
  }),
  product({
    id: 'kids-001',
    name: 'Kids Canvas High-Top Sneakers',
    category: 'kids',
    description: 'Canvas sneakers with a rubber toe cap, made for the playground.',
    price: 3800,
    sizes: ['EU 28', 'EU 30'],
    colors: ['Red'],
    newArrival: true,
  }),
  product({
    id: 'shoes-001',
    name: 'Leather Court Sneakers',
    category: 'shoes',
    subcategory: 'sneakers',
    brand: 'Nike',
    description: 'Clean white leather sneakers with a cushioned sole.',
    price: 9800,
    discount: 15,
    sizes: ['EU 40', 'EU 41', 'EU 42'],
    colors: ['White'],
    rating: 4.7,
  }),
  product({
    id: 'shoes-002',
    name: 'Suede Chelsea Boots',
    category: 'shoes',
    subcategory: 'boots',
    description: 'Suede boots with elastic side panels.',
    price: 19600,
    sizes: ['EU 40', 'EU 41'],
    colors: ['Tan'],
  }),
  product({
    id: 'beauty-001',
    name: 'Shea Butter Body Cream',
    category: 'beauty',
    description: 'Rich cream made with shea butter from northern Uganda.',
    price: 1800,
    sizes: ['One Size'],
    colors: ['Natural'],
  }),
  product({
    id: 'jewelry-001',
    name: 'Maasai Beaded Collar Necklace',
    category: 'jewelry',
    subcategory: 'necklaces',
    brand: 'Rift Valley Beadworks',
    description: 'Hand-beaded collar in the colours of the Maasai.',
    price: 6800,
    sizes: ['One Size'],
    colors: ['Red'],
    tags: ['heritage'],
  }),
  product({
    id: 'jewelry-002',
    name: 'Sterling Silver Signet Ring',
    category: 'jewelry',
    subcategory: 'rings',
    description: 'A heavy signet ring in sterling silver, engraved by hand.',
    price: 7700,
    sizes: ['6', '7', '8'],
    colors: ['Silver'],
  }),
  product({
    id: 'luxe-rolex-001',
    name: 'Rolex Submariner Date',
    category: 'luxury-watches',
    brand: 'Rolex',
    description: 'Oystersteel with a black Cerachrom bezel and 300 m water resistance.',
    price: 1820000,
    sizes: ['One Size'],
    colors: ['Black'],
    stock: 2,
    featured: true,
  }),
  product({
    id: 'smart-apple-001',
    name: 'Apple Watch Series 10',
    category: 'smart-watches',
    brand: 'Apple Watch',
    description: 'A thinner case, a brighter display and sleep apnoea notifications.',
    price: 64400,
    sizes: ['One Size'],
    colors: ['Black'],
  }),
  ...Array.from({ length: 10 }, (_, index) =>
    product({
      id: `bags-${String(index + 1).padStart(3, '0')}`,
      name: `Leather Tote ${index + 1}`,
      category: 'bags',
      subcategory: index % 2 ? 'totes' : 'handbags',
      brand: 'Nairobi Leatherworks',
      description: 'Full-grain leather handbag, stitched by hand.',
      price: 20000 + index * 1000,
      sizes: ['One Size'],
      colors: ['Cognac', 'Black'],
    }),
  ),
]

const luxury = [
  ['rolex', 'Rolex', 'Switzerland', 'Since 1905', 'Geneva watchmaker famous for the Oyster case.'],
  ['patek-philippe', 'Patek Philippe', 'Switzerland', 'Since 1839', 'Grand complications.'],
  ['omega', 'Omega', 'Switzerland', 'Since 1848', 'The Speedmaster went to the Moon.'],
  ['audemars-piguet', 'Audemars Piguet', 'Switzerland', 'Since 1875', 'The Royal Oak.'],
  ['cartier', 'Cartier', 'France', 'Since 1847', 'The Tank and the Santos, from Paris.'],
  ['vacheron-constantin', 'Vacheron Constantin', 'Switzerland', 'Since 1755', 'Oldest maker.'],
] as const

const smart = [
  ['apple-watch', 'Apple Watch', 'United States', 'Premium', 'Health features and apps.'],
  ['samsung-galaxy-watch', 'Samsung Galaxy Watch', 'South Korea', 'Mid-Range', 'Wear OS.'],
  ['garmin', 'Garmin', 'United States', 'Premium', 'GPS sports watches with long battery.'],
  ['tag-heuer-connected', 'TAG Heuer Connected', 'Switzerland', 'Luxury', 'Swiss smart watch.'],
  ['fitbit', 'Fitbit', 'United States', 'Budget', 'Fitness trackers.'],
  ['amazfit', 'Amazfit', 'China', 'Budget', 'Long battery life for little money.'],
] as const

export const brands: Brand[] = [
  ...luxury.map(([slug, name, country, heritage, description], index) => ({
    id: String(index + 1),
    slug,
    name,
    kind: 'luxury' as const,
    category: 'Luxury Watches',
    description,
    country,
    heritage,
    tier: '',
    logo: '',
  })),
  ...smart.map(([slug, name, country, tier, description], index) => ({
    id: String(index + 7),
    slug,
    name,
    kind: 'smart' as const,
    category: 'Smart Watches',
    description,
    country,
    heritage: '',
    tier,
    logo: '',
  })),
]

export const catalogue: Catalogue = {
  version: 'fixture-1',
  products,
  brands,
  detailsVersion: 'details-1',
  detailsMerged: 'details-1',
}

/** The list as the `catalogue` RPC sends it (plain JSON, format 2). */
export function catalogueJson(): unknown {
  return JSON.parse(JSON.stringify(encodeCatalogue(catalogue))) as unknown
}

/** The details as the `catalogue_details` RPC sends them. */
export function catalogueDetailsJson(): unknown {
  return JSON.parse(JSON.stringify(encodeDetails(catalogue))) as unknown
}
