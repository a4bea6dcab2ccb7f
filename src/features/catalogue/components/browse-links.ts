import { paths } from '@/config/paths'

/** Where a shopper can go on from an empty listing or a product that is not found. */
export const browseLinks = [
  { label: 'All products', to: paths.products },
  { label: 'Women', to: paths.women },
  { label: 'Men', to: paths.men },
  { label: 'New arrivals', to: paths.newArrivals },
  { label: 'Sale', to: paths.sale },
] as const
