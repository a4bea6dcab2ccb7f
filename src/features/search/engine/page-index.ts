import { paths } from '@/config/paths'
import type { SearchablePage } from './types'

const clothes = ['clothes', 'clothing', 'fashion', 'wear']

/**
 * Every shop and content page a search can open, with the words shoppers use for it. Pages match on the
 * name or a keyword.
 */
export const searchablePages: readonly SearchablePage[] = [
  {
    id: 'products',
    name: 'All Products',
    path: paths.products,
    keywords: ['shop', 'catalogue', 'products', 'everything'],
  },
  {
    id: 'women',
    name: 'Women',
    path: paths.women,
    keywords: ['ladies', 'womenswear', 'dresses', 'tops', ...clothes],
  },
  {
    id: 'men',
    name: 'Men',
    path: paths.men,
    keywords: ['mens', 'menswear', 'shirts', 'suits', 'trousers', ...clothes],
  },
  {
    id: 'kids',
    name: 'Kids',
    path: paths.kids,
    keywords: ['children', 'baby', 'boys', 'girls', 'school', ...clothes],
  },
  {
    id: 'beauty',
    name: 'Beauty',
    path: paths.beauty,
    keywords: ['makeup', 'skincare', 'cosmetics', 'perfume', 'fragrance', 'hair'],
  },
  {
    id: 'accessories',
    name: 'Fashion Accessories',
    path: paths.accessories,
    keywords: ['belts', 'scarves', 'sunglasses', 'hats', 'wallets'],
  },
  {
    id: 'luxury-watches',
    name: 'Luxury Watches',
    path: paths.luxuryWatches,
    keywords: ['watch', 'timepieces', 'swiss', 'chronograph'],
  },
  {
    id: 'smart-watches',
    name: 'Smart Watches',
    path: paths.smartWatches,
    keywords: ['watch', 'smartwatch', 'fitness', 'tracker', 'wearable'],
  },
  {
    id: 'luxury-watches-store',
    name: 'Luxury Watch Store',
    path: paths.luxuryWatchesStore,
    keywords: ['watch', 'rolex', 'omega', 'cartier'],
  },
  {
    id: 'smart-watches-store',
    name: 'Smart Watch Store',
    path: paths.smartWatchesStore,
    keywords: ['watch', 'apple', 'garmin', 'samsung', 'fitbit'],
  },
  {
    id: 'bags-store',
    name: 'Bags Store',
    path: paths.bagsStore,
    keywords: ['bag', 'handbags', 'totes', 'clutch', 'backpacks', 'purses'],
  },
  {
    id: 'jewelry-store',
    name: 'Jewelry Store',
    path: paths.jewelryStore,
    keywords: ['jewellery', 'necklace', 'rings', 'earrings', 'bracelets', 'beads'],
  },
  {
    id: 'shoes-store',
    name: 'Shoes Store',
    path: paths.shoesStore,
    keywords: ['shoe', 'footwear', 'sneakers', 'heels', 'boots', 'sandals'],
  },
  { id: 'brands', name: 'Brands', path: paths.brands, keywords: ['designers', 'labels', 'brand'] },
  {
    id: 'sale',
    name: 'Sale',
    path: paths.sale,
    keywords: ['discount', 'offers', 'deals', 'clearance', 'trending'],
  },
  {
    id: 'new-arrivals',
    name: 'New Arrivals',
    path: paths.newArrivals,
    keywords: ['new', 'latest', 'just in'],
  },
  {
    id: 'heritage',
    name: 'Heritage Collection',
    path: paths.heritage,
    keywords: ['kenyan', 'african', 'kitenge', 'ankara', 'maasai', 'kikoy'],
  },
  {
    id: 'size-guide',
    name: 'Size Guide',
    path: paths.sizeGuide,
    keywords: ['size', 'sizes', 'fit', 'measurements', 'chart'],
  },
  { id: 'faq', name: 'FAQ', path: paths.faq, keywords: ['questions', 'help', 'support'] },
  {
    id: 'about',
    name: 'About Us',
    path: paths.about,
    keywords: ['about', 'company', 'who we are'],
  },
  {
    id: 'our-story',
    name: 'Our Story',
    path: paths.ourStory,
    keywords: ['story', 'history', 'founders'],
  },
  {
    id: 'contact',
    name: 'Contact Us',
    path: paths.contact,
    keywords: ['contact', 'phone', 'email', 'whatsapp', 'location', 'store hours'],
  },
  { id: 'press', name: 'Press', path: paths.press, keywords: ['media', 'news'] },
  {
    id: 'careers',
    name: 'Careers',
    path: paths.careers,
    keywords: ['jobs', 'work', 'hiring', 'vacancies'],
  },
  {
    id: 'shipping-info',
    name: 'Shipping Info',
    path: paths.shippingInfo,
    keywords: ['delivery', 'shipping', 'courier', 'county', 'pickup'],
  },
  {
    id: 'returns',
    name: 'Returns',
    path: paths.returns,
    keywords: ['refund', 'exchange', 'return'],
  },
  {
    id: 'privacy-policy',
    name: 'Privacy Policy',
    path: paths.privacyPolicy,
    keywords: ['privacy', 'data', 'cookies'],
  },
  {
    id: 'terms-of-service',
    name: 'Terms of Service',
    path: paths.termsOfService,
    keywords: ['terms', 'conditions'],
  },
  {
    id: 'affiliate-program',
    name: 'Affiliate Program',
    path: paths.affiliateProgram,
    keywords: ['affiliate', 'referral', 'earn', 'commission', 'partner'],
  },
  { id: 'blog', name: 'Blog', path: paths.blog, keywords: ['articles', 'style tips', 'stories'] },
  {
    id: 'blog-sustainable-fashion',
    name: 'Sustainable Fashion',
    path: paths.blogArticle('sustainable-fashion'),
    keywords: ['blog', 'eco', 'sustainability'],
  },
  {
    id: 'blog-spring-trends',
    name: 'Spring Trends',
    path: paths.blogArticle('spring-trends'),
    keywords: ['blog', 'trends', 'season'],
  },
  {
    id: 'blog-african-print',
    name: 'African Print',
    path: paths.blogArticle('african-print'),
    keywords: ['blog', 'ankara', 'kitenge', 'print'],
  },
  {
    id: 'blog-luxury-watch-collecting',
    name: 'Luxury Watch Collecting',
    path: paths.blogArticle('luxury-watch-collecting'),
    keywords: ['blog', 'collecting', 'watch'],
  },
  {
    id: 'blog-style-guide',
    name: 'Style Guide',
    path: paths.blogArticle('style-guide'),
    keywords: ['blog', 'style', 'outfits'],
  },
  {
    id: 'blog-design-process',
    name: 'Design Process',
    path: paths.blogArticle('design-process'),
    keywords: ['blog', 'design', 'craft'],
  },
  {
    id: 'wishlist',
    name: 'Wishlist',
    path: paths.wishlist,
    keywords: ['favourites', 'saved', 'wishlist'],
  },
]
