import { Box } from '@chakra-ui/react/box'
import { Flex } from '@chakra-ui/react/flex'
import { Heading } from '@chakra-ui/react/heading'
import { chakra } from '@chakra-ui/react/styled-system'
import { Text } from '@chakra-ui/react/text'
import { Link } from '@tanstack/react-router'
import { useMemo } from 'react'
import { paths, type BrandSlug } from '@/config/paths'
import { sortProducts } from '../listing/filter-products'
import { useCatalogue } from '../use-catalogue'
import { useTitleRefresh } from '../use-title-refresh'
import { CatalogueProblem } from './catalogue-notice'
import { outlineButton } from './button-styles'
import { EmptyListing } from './empty-listing'
import { PageHero } from './page-hero'
import { ProductGrid, ProductGridSkeleton } from './product-grid'

/** /brands/{slug}: the brand's story from its record, then everything of it in the shop. */
export function BrandPage({ slug }: { slug: BrandSlug }) {
  const catalogue = useCatalogue()
  const brand = catalogue.brands.find((candidate) => candidate.slug === slug)
  useTitleRefresh(brand?.name)
  const products = useMemo(
    () =>
      brand
        ? sortProducts(
            catalogue.products.filter(
              (product) => product.brand.toLowerCase() === brand.name.toLowerCase(),
            ),
          )
        : [],
    [brand, catalogue.products],
  )
  const crumbs = [
    { label: 'Home', to: paths.home },
    { label: 'Brands', to: paths.brands },
    { label: brand?.name ?? '…' },
  ]

  if (catalogue.status === 'error' || catalogue.status === 'offline-empty') {
    return (
      <>
        <PageHero title="Brand" crumbs={crumbs} />
        <Box maxW="7xl" mx="auto" px={{ base: '4', lg: '8' }} py="10">
          <CatalogueProblem catalogue={catalogue} />
        </Box>
      </>
    )
  }
  if (catalogue.status === 'ready' && !brand) {
    return (
      <>
        <PageHero title="Brand not found" crumbs={crumbs} />
        <Box maxW="7xl" mx="auto" px={{ base: '4', lg: '8' }} py="10">
          <EmptyListing title="We could not find that brand" text="See all our brands instead." />
        </Box>
      </>
    )
  }

  const luxury = brand?.kind === 'luxury'
  const store = luxury ? paths.luxuryWatchesStore : paths.smartWatchesStore
  return (
    <>
      <PageHero
        title={
          brand?.name ?? <Box as="span" display="inline-block" w="48" h="10" bg="brand.ivory" />
        }
        eyebrow={brand ? (luxury ? 'Luxury watches' : 'Smart watches') : ' '}
        crumbs={crumbs}
      >
        <Flex gap="6" mt="4" fontSize="sm" color="brand.muted" wrap="wrap" minH="5">
          {brand ? (
            <>
              <span>{brand.country}</span>
              <span>{luxury ? brand.heritage : `${brand.tier} tier`}</span>
            </>
          ) : null}
        </Flex>
      </PageHero>
      <Box maxW="7xl" mx="auto" px={{ base: '4', lg: '8' }} py={{ base: '8', md: '12' }}>
        <Box as="section" aria-label="Brand story" maxW="3xl" mb={{ base: '10', md: '14' }}>
          <Heading as="h2" fontFamily="heading" fontWeight="normal" fontSize="2xl" mb="3">
            The story
          </Heading>
          <Text fontSize={{ base: 'md', md: 'lg' }} lineHeight="1.7" minH="16">
            {brand?.description}
          </Text>
          <Box mt="5">
            <Link to={store}>
              <chakra.span {...outlineButton}>
                Visit the {luxury ? 'luxury' : 'smart'} watch store
              </chakra.span>
            </Link>
          </Box>
        </Box>
        <Box as="section" aria-label={`${brand?.name ?? 'Brand'} products`}>
          <Flex align="baseline" justify="space-between" mb="6" gap="4">
            <Heading as="h2" fontFamily="heading" fontWeight="normal" fontSize="2xl">
              Shop {brand?.name}
            </Heading>
            <Text fontSize="sm" color="brand.muted">
              {brand ? `${products.length} ${products.length === 1 ? 'product' : 'products'}` : ''}
            </Text>
          </Flex>
          {!brand ? (
            <ProductGridSkeleton count={4} wide />
          ) : products.length === 0 ? (
            <EmptyListing
              title={`No ${brand.name} pieces in stock right now`}
              text="New watches arrive regularly; ask us on WhatsApp to reserve one."
            />
          ) : (
            <ProductGrid products={products} wide label={`${brand.name} products`} />
          )}
        </Box>
      </Box>
    </>
  )
}
