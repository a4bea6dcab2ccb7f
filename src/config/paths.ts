/**
 * Every URL the app links to, from one typed table. Screens build links from here, never from strings.
 */
export const luxuryBrandSlugs = [
  'rolex',
  'patek-philippe',
  'omega',
  'audemars-piguet',
  'cartier',
  'vacheron-constantin',
] as const

export const smartBrandSlugs = [
  'apple-watch',
  'samsung-galaxy-watch',
  'garmin',
  'tag-heuer-connected',
  'fitbit',
  'amazfit',
] as const

export const brandSlugs = [...luxuryBrandSlugs, ...smartBrandSlugs] as const
export type BrandSlug = (typeof brandSlugs)[number]

export const blogSlugs = [
  'sustainable-fashion',
  'spring-trends',
  'african-print',
  'luxury-watch-collecting',
  'style-guide',
  'design-process',
] as const
export type BlogSlug = (typeof blogSlugs)[number]

export const paths = {
  home: '/',
  products: '/products',
  productsIn: (category: string) => `/products/${category}`,
  product: (slugOrId: string) => `/product/${slugOrId}`,
  search: '/search',
  women: '/women',
  men: '/men',
  kids: '/kids',
  beauty: '/beauty',
  accessories: '/accessories',
  luxuryWatches: '/luxury-watches',
  smartWatches: '/smart-watches',
  luxuryWatchesStore: '/luxury-watches-store',
  smartWatchesStore: '/smart-watches-store',
  bagsStore: '/bags-store',
  jewelryStore: '/jewelry-store',
  shoesStore: '/shoes-store',
  brands: '/brands',
  brand: (slug: BrandSlug) => `/brands/${slug}`,
  sale: '/sale',
  newArrivals: '/new-arrivals',
  heritage: '/heritage',
  sizeGuide: '/size-guide',
  faq: '/faq',
  auth: '/auth',
  checkout: '/checkout',
  account: '/account',
  wishlist: '/wishlist',
  about: '/about',
  contact: '/contact',
  ourStory: '/our-story',
  press: '/press',
  careers: '/careers',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  shippingInfo: '/shipping-info',
  returns: '/returns',
  affiliateProgram: '/affiliate-program',
  blog: '/blog',
  blogArticle: (slug: BlogSlug) => `/blog/${slug}`,
  admin: '/admin',
  adminAffiliates: '/admin/affiliates',
  adminTransactions: '/admin/transactions',
  adminPayouts: '/admin/payouts',
  adminProducts: '/admin/products',
  adminStaff: '/admin/staff',
  adminAudit: '/admin/audit',
  adminDiscounts: '/admin/discounts',
  adminDashboard: '/admin-dashboard',
} as const
