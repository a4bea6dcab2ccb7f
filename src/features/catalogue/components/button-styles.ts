import { paths } from '@/config/paths'

/** The catalogue's call-to-action looks (square, uppercase, tracked), as style props. */
const buttonStyle = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '2',
  minH: '11',
  px: '5',
  fontSize: 'xs',
  fontWeight: 'semibold',
  letterSpacing: '0.14em',
  textTransform: 'uppercase',
} as const

export const solidButton = {
  ...buttonStyle,
  bg: 'brand.ink',
  color: 'white',
  _hover: { bg: 'brand.charcoal' },
} as const

export const outlineButton = {
  ...buttonStyle,
  borderWidth: '1px',
  borderColor: 'brand.ink',
  color: 'brand.ink',
  bg: 'white',
  _hover: { bg: 'brand.ink', color: 'white' },
} as const

export const browseLinks = [
  { label: 'All products', to: paths.products },
  { label: 'Women', to: paths.women },
  { label: 'Men', to: paths.men },
  { label: 'New arrivals', to: paths.newArrivals },
  { label: 'Sale', to: paths.sale },
] as const
