import { Box } from '@chakra-ui/react/box'
import { Flex } from '@chakra-ui/react/flex'
import { Heading } from '@chakra-ui/react/heading'
import { chakra } from '@chakra-ui/react/styled-system'
import { Link } from '@tanstack/react-router'
import { useEffect, useMemo, useState } from 'react'
import { useAppSelector } from '@/lib/app-state'
import { paths } from '@/config/paths'
import { findProduct, selectProductLookup } from '../catalogue-slice'
import { fetchBestSellerIds } from '../api/fetch-best-sellers'
import { bestSellers, newIn, railSize } from '../product/home-rails'
import type { Product } from '../types'
import { useCatalogue } from '../use-catalogue'
import { ProductGrid, ProductGridSkeleton } from './product-grid'

function Rail({
  id,
  title,
  products,
  ready,
  more,
}: {
  id: string
  title: string
  products: readonly Product[]
  ready: boolean
  more?: { to: string; label: string }
}) {
  if (ready && products.length === 0) return null
  return (
    <Box as="section" aria-labelledby={id} mt={{ base: '10', md: '14' }}>
      <Flex align="baseline" justify="space-between" gap="4" mb="5">
        <Heading
          as="h2"
          id={id}
          fontFamily="heading"
          fontWeight="normal"
          fontSize={{ base: '2xl', md: '3xl' }}
        >
          {title}
        </Heading>
        {more ? (
          <Link to={more.to}>
            <chakra.span fontSize="sm" textDecoration="underline" textUnderlineOffset="3px">
              {more.label}
            </chakra.span>
          </Link>
        ) : null}
      </Flex>
      {ready ? (
        <ProductGrid products={products} wide label={title} />
      ) : (
        <ProductGridSkeleton count={railSize} wide />
      )}
    </Box>
  )
}

/**
 * The home page's product rails, below the spec's sections: "New in" (the newest listings) and "Best
 * sellers" (by units sold in paid orders, as the database counts them; the featured and best rated
 * while it has not answered, or offline).
 */
export function HomeRails() {
  const catalogue = useCatalogue()
  const lookup = useAppSelector(selectProductLookup)
  const [rankedIds, setRankedIds] = useState<string[]>()
  const ready = catalogue.status === 'ready'

  useEffect(() => {
    let current = true
    fetchBestSellerIds(railSize * 2).then(
      (ids) => {
        if (current) setRankedIds(ids)
      },
      () => {
        // Offline or refused: the featured products stand in.
      },
    )
    return () => {
      current = false
    }
  }, [])

  const fresh = useMemo(() => newIn(catalogue.products), [catalogue.products])
  const best = useMemo(
    () => bestSellers(catalogue.products, (id) => findProduct(lookup, id), rankedIds),
    [catalogue.products, lookup, rankedIds],
  )

  return (
    <Box maxW="7xl" mx="auto" px={{ base: '4', lg: '8' }} pb={{ base: '12', md: '16' }}>
      <Rail
        id="home-new-in"
        title="New in"
        products={fresh}
        ready={ready}
        more={{ to: paths.newArrivals, label: 'Shop new arrivals' }}
      />
      <Rail id="home-best-sellers" title="Best sellers" products={best} ready={ready} />
    </Box>
  )
}
