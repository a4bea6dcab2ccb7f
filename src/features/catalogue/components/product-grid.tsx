import { Grid } from '@chakra-ui/react/grid'
import type { Product } from '../types'
import { ProductCard, ProductCardSkeleton } from './product-card'

const columns = { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' }

/** Two columns on phones, three (or four on wide pages) above; the first row loads its images first. */
export function ProductGrid({
  products,
  wide = false,
  label,
}: {
  products: readonly Product[]
  wide?: boolean
  label?: string
}) {
  return (
    <Grid
      as="ul"
      aria-label={label}
      listStyleType="none"
      templateColumns={wide ? { ...columns, xl: 'repeat(4, minmax(0, 1fr))' } : columns}
      columnGap={{ base: '3', md: '6' }}
      rowGap={{ base: '6', md: '10' }}
    >
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} priority={index < 2} />
        </li>
      ))}
    </Grid>
  )
}

export function ProductGridSkeleton({
  count = 6,
  wide = false,
}: {
  count?: number
  wide?: boolean
}) {
  return (
    <Grid
      role="status"
      aria-label="Loading products"
      templateColumns={wide ? { ...columns, xl: 'repeat(4, minmax(0, 1fr))' } : columns}
      columnGap={{ base: '3', md: '6' }}
      rowGap={{ base: '6', md: '10' }}
    >
      {Array.from({ length: count }, (_, index) => (
        <ProductCardSkeleton key={index} />
      ))}
    </Grid>
  )
}
