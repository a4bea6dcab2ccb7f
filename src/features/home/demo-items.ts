/**
 * Demo data for the footer's demo button: a few real products from the seed
 * catalogue (codes, names, prices in whole KES and pictures as `supabase/seed` defines them), so the
 * cart, wishlist and checkout can be tried in one tap. Not a source of truth for prices: at checkout the
 * database prices every line again.
 */
export interface DemoItem {
  productId: string
  slug: string
  name: string
  price: number
  image: string
  category: string
  /** The size put in the cart, for a product sold by size (one that is in stock in the seed). */
  size?: string
}

export const demoItems: readonly DemoItem[] = [
  {
    productId: 'dress-001',
    slug: 'wrap-midi-dress-dress-001',
    name: 'Wrap Midi Dress',
    price: 16800,
    image: '/images/products/dress-emerald.svg',
    category: 'women',
    size: 'M',
  },
  {
    productId: 'mens-tee-001',
    slug: 'essential-cotton-crew-tee-mens-tee-001',
    name: 'Essential Cotton Crew Tee',
    price: 6300,
    image: '/images/products/tee-white.svg',
    category: 'men',
    size: 'L',
  },
  {
    productId: 'bags-001',
    slug: 'leather-crossbody-bag-bags-001',
    name: 'Leather Crossbody Bag',
    price: 25200,
    image: '/images/products/handbag-cognac.svg',
    category: 'accessories',
  },
]
