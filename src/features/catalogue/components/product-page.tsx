import { Box } from '@chakra-ui/react/box'
import { Flex } from '@chakra-ui/react/flex'
import { Grid } from '@chakra-ui/react/grid'
import { Heading } from '@chakra-ui/react/heading'
import { chakra } from '@chakra-ui/react/styled-system'
import { Text } from '@chakra-ui/react/text'
import { Link } from '@tanstack/react-router'
import { useEffect, useMemo, useState } from 'react'
import { useAppDispatch, useAppSelector } from '@/lib/app-state'
import { ReturnIcon, TruckIcon } from '@/components/icons'
import { paths } from '@/config/paths'
import { delivery, returnsPolicy } from '@/config/site'
import { selectCurrency } from '@/features/currency/currency-slice'
import { formatPrice } from '@/lib/money'
import {
  findProduct,
  productViewed,
  selectProductLookup,
  selectRecentlyViewedIds,
} from '../catalogue-slice'
import { sortProducts } from '../listing/filter-products'
import { titleFromSlug } from '../listing/presets'
import type { Product } from '../types'
import { useCatalogue } from '../use-catalogue'
import { useTitleRefresh } from '../use-title-refresh'
import { CatalogueProblem, StaleNotice } from './catalogue-notice'
import { browseLinks } from './button-styles'
import { type Crumb } from './page-hero'
import { PriceTag } from './price-tag'
import { ProductGrid } from './product-grid'
import { picturesFor, shownColour } from '../product/pictures'
import { ProductGallery } from './product-gallery'
import { ProductPurchase } from './product-purchase'
import { ProductSpecsTable } from './product-specs'
import { RatingStars } from './rating-stars'

/** Where each category is shopped from (its own page or store). */
const categoryPages: Record<string, string> = {
  women: paths.women,
  men: paths.men,
  kids: paths.kids,
  beauty: paths.beauty,
  accessories: paths.accessories,
  shoes: paths.shoesStore,
  bags: paths.bagsStore,
  jewelry: paths.jewelryStore,
  'luxury-watches': paths.luxuryWatches,
  'smart-watches': paths.smartWatches,
}

function crumbsFor(product: Product): Crumb[] {
  const crumbs: Crumb[] = [{ label: 'Home', to: paths.home }]
  crumbs.push({
    label: titleFromSlug(product.category),
    to: categoryPages[product.category] ?? paths.productsIn(product.category),
  })
  if (product.subcategory) {
    crumbs.push({
      label: titleFromSlug(product.subcategory),
      to: paths.productsIn(product.subcategory),
    })
  }
  crumbs.push({ label: product.name })
  return crumbs
}

function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <chakra.nav aria-label="Breadcrumb" mb={{ base: '4', md: '6' }}>
      <Flex as="ol" listStyleType="none" wrap="wrap" gap="2" fontSize="xs" color="brand.muted">
        {crumbs.map((crumb, index) => (
          <Flex as="li" key={`${crumb.label}-${index}`} gap="2" align="center" minW="0">
            {index > 0 ? <span aria-hidden="true">/</span> : null}
            {crumb.to ? (
              <Link to={crumb.to}>
                <chakra.span _hover={{ color: 'brand.ink', textDecoration: 'underline' }}>
                  {crumb.label}
                </chakra.span>
              </Link>
            ) : (
              <chakra.span aria-current="page" color="brand.ink" lineClamp={1}>
                {crumb.label}
              </chakra.span>
            )}
          </Flex>
        ))}
      </Flex>
    </chakra.nav>
  )
}

function DeliveryNotes() {
  const currency = useAppSelector(selectCurrency)
  const row = { display: 'flex', gap: '3', alignItems: 'flex-start' } as const
  return (
    <Box
      as="section"
      aria-label="Delivery and returns"
      borderTopWidth="1px"
      borderColor="brand.line"
      pt="5"
      fontSize="sm"
    >
      <Box {...row}>
        <Box color="brand.gold" pt="0.5">
          <TruckIcon size={20} />
        </Box>
        <Box>
          <Text fontWeight="semibold">
            Free delivery across Kenya on orders over {formatPrice(delivery.freeFromKes, currency)}
          </Text>
          <Text color="brand.muted" mt="1">
            Otherwise Nairobi {formatPrice(delivery.fees.nairobi, currency)} (
            {delivery.estimate.nairobi}), other counties{' '}
            {formatPrice(delivery.fees.otherCounty, currency)} ({delivery.estimate.otherCounty}),
            pickup points {formatPrice(delivery.fees.pickup, currency)}. Pay by M-Pesa or cash on
            delivery.
          </Text>
        </Box>
      </Box>
      <Box {...row} mt="4">
        <Box color="brand.gold" pt="0.5">
          <ReturnIcon size={20} />
        </Box>
        <Box>
          <Text fontWeight="semibold">{returnsPolicy.days}-day returns</Text>
          <Text color="brand.muted" mt="1">
            Not right? Return it unworn within {returnsPolicy.days} days.{' '}
            <Link to={paths.returns}>
              <chakra.span textDecoration="underline" textUnderlineOffset="3px">
                Returns policy
              </chakra.span>
            </Link>
          </Text>
        </Box>
      </Box>
    </Box>
  )
}

function ProductRow({ title, products }: { title: string; products: Product[] }) {
  if (products.length === 0) return null
  return (
    <Box as="section" aria-label={title} mt={{ base: '14', md: '20' }}>
      <Heading as="h2" fontFamily="heading" fontWeight="normal" fontSize="2xl" mb="6">
        {title}
      </Heading>
      <ProductGrid products={products} wide label={title} />
    </Box>
  )
}

function ProductSkeleton() {
  const block = { bg: 'brand.ivory', animation: 'pulse 1.6s ease-in-out infinite' } as const
  return (
    <Grid
      role="status"
      aria-label="Loading product"
      templateColumns={{ base: '1fr', md: '1fr 1fr' }}
      gap={{ base: '6', md: '12' }}
    >
      <Box aspectRatio="4 / 5" {...block} />
      <Box>
        <Box h="4" w="30%" {...block} />
        <Box h="10" w="80%" mt="3" {...block} />
        <Box h="4" w="25%" mt="4" {...block} />
        <Box h="8" w="40%" mt="5" {...block} />
        <Box h="24" mt="8" {...block} />
        <Box h="12" mt="8" {...block} />
      </Box>
    </Grid>
  )
}

function ProductNotFound({ slugOrId }: { slugOrId: string }) {
  return (
    <Box textAlign="center" py={{ base: '12', md: '20' }} px="4" bg="brand.cream">
      <Heading
        as="h1"
        fontFamily="heading"
        fontWeight="normal"
        fontSize={{ base: '3xl', md: '4xl' }}
      >
        Product not found
      </Heading>
      <Text color="brand.muted" mt="3" maxW="md" mx="auto">
        We could not find &quot;{slugOrId}&quot;. It may have sold out for good or moved. Try one of
        these instead.
      </Text>
      <Flex as="ul" listStyleType="none" wrap="wrap" justify="center" gap="4" mt="6" fontSize="sm">
        {browseLinks.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>
              <chakra.span textDecoration="underline" textUnderlineOffset="3px">
                {link.label}
              </chakra.span>
            </Link>
          </li>
        ))}
      </Flex>
    </Box>
  )
}

function ProductDetails({ product }: { product: Product }) {
  const dispatch = useAppDispatch()
  const lookup = useAppSelector(selectProductLookup)
  const recentIds = useAppSelector(selectRecentlyViewedIds)
  const catalogue = useCatalogue()
  // The colour chosen in the purchase box; the pictures follow it.
  const [chosen, setChosen] = useState<{ id: string; colour: string | undefined }>()
  const colour = chosen?.id === product.id ? chosen.colour : undefined
  const shown = shownColour(product, colour) ?? ''
  const pictures = useMemo(() => picturesFor(product, colour), [product, colour])

  useEffect(() => {
    dispatch(productViewed(product.id))
  }, [dispatch, product.id])

  const related = useMemo(() => {
    const sameKind = (candidate: Product) =>
      product.subcategory
        ? candidate.subcategory === product.subcategory
        : candidate.category === product.category
    const pool = catalogue.products.filter((candidate) => candidate.id !== product.id)
    const close = pool.filter(sameKind)
    const rest = pool.filter(
      (candidate) => !sameKind(candidate) && candidate.category === product.category,
    )
    return [...sortProducts(close), ...sortProducts(rest)].slice(0, 4)
  }, [catalogue.products, product])

  const recent = useMemo(
    () =>
      recentIds
        .filter((id) => id !== product.id)
        .map((id) => findProduct(lookup, id))
        .filter((item): item is Product => item !== undefined)
        .slice(0, 4),
    [recentIds, lookup, product.id],
  )

  return (
    <>
      <Breadcrumbs crumbs={crumbsFor(product)} />
      <StaleNotice catalogue={catalogue} />
      <Grid
        templateColumns={{ base: '1fr', md: '1fr 1fr' }}
        gap={{ base: '6', md: '12', xl: '16' }}
      >
        <Box position={{ md: 'sticky' }} top={{ md: '24' }} alignSelf="start">
          <Box position="relative">
            <ProductGallery pictures={pictures} label={`Pictures of ${product.name}`} key={shown} />
            <Flex position="absolute" top="3" insetStart="3" gap="1.5" pointerEvents="none">
              {product.discount > 0 ? (
                <chakra.span bg="brand.sale" color="white" {...badge}>
                  -{product.discount}%
                </chakra.span>
              ) : null}
              {product.newArrival ? (
                <chakra.span bg="brand.ink" color="white" {...badge}>
                  New
                </chakra.span>
              ) : null}
            </Flex>
          </Box>
        </Box>
        <Box>
          {product.brand ? (
            <Text
              fontSize="xs"
              letterSpacing="0.2em"
              textTransform="uppercase"
              color="brand.gold"
              fontWeight="semibold"
            >
              {product.brand}
            </Text>
          ) : null}
          <Heading
            as="h1"
            fontFamily="heading"
            fontWeight="normal"
            fontSize={{ base: '2xl', md: '4xl' }}
            lineHeight="1.15"
            mt="2"
          >
            {product.name}
          </Heading>
          {product.rating > 0 ? (
            <Flex align="center" gap="2" mt="3">
              <RatingStars rating={product.rating} size={16} />
              <Text fontSize="sm" color="brand.muted" aria-hidden="true">
                {product.rating.toFixed(1)}
              </Text>
            </Flex>
          ) : null}
          <Box mt="4">
            <PriceTag price={product.price} discount={product.discount} size="lg" />
          </Box>
          {product.description ? (
            <Text mt="5" color="brand.charcoal" lineHeight="1.7">
              {product.description}
            </Text>
          ) : catalogue.details === 'waiting' ? (
            // The description follows the list a moment later: its lines are held so that the
            // purchase box below does not jump when it arrives.
            <Box mt="5" aria-hidden="true">
              {['100%', '94%', '58%'].map((width) => (
                <Box key={width} h="1em" my="0.35em" w={width} bg="brand.ivory" />
              ))}
            </Box>
          ) : null}
          <Box mt="7">
            <ProductPurchase
              key={product.id}
              product={product}
              onColourChange={(colour) => setChosen({ id: product.id, colour })}
            />
          </Box>
          <ProductSpecsTable specs={product.specs} />
          <Box mt="8">
            <DeliveryNotes />
          </Box>
          <chakra.dl
            display="grid"
            gridTemplateColumns="auto 1fr"
            columnGap="6"
            rowGap="2"
            mt="6"
            pt="5"
            borderTopWidth="1px"
            borderColor="brand.line"
            fontSize="sm"
          >
            <chakra.dt color="brand.muted">Product code</chakra.dt>
            <chakra.dd>{product.id}</chakra.dd>
            <chakra.dt color="brand.muted">Category</chakra.dt>
            <chakra.dd>
              {[product.category, product.subcategory]
                .filter(Boolean)
                .map((slug) => titleFromSlug(slug!))
                .join(' · ')}
            </chakra.dd>
          </chakra.dl>
        </Box>
      </Grid>
      <ProductRow title="You may also like" products={related} />
      <ProductRow title="Recently viewed" products={recent} />
    </>
  )
}

const badge = {
  px: '2',
  py: '0.5',
  fontSize: 'xs',
  fontWeight: 'bold',
  letterSpacing: '0.1em',
  textTransform: 'uppercase',
} as const

/**
 * /product/{slug} (a product code such as dress-001 works too, as search results link that way).
 * Unknown products get a 'Product not found' state inside the page.
 */
export function ProductPage({ slugOrId }: { slugOrId: string }) {
  const catalogue = useCatalogue()
  const lookup = useAppSelector(selectProductLookup)
  const product = findProduct(lookup, slugOrId)
  useTitleRefresh(product?.name)

  return (
    <Box maxW="7xl" mx="auto" px={{ base: '4', lg: '8' }} py={{ base: '5', md: '10' }}>
      {product ? (
        <ProductDetails product={product} />
      ) : catalogue.status === 'loading' ? (
        <ProductSkeleton />
      ) : catalogue.status === 'ready' ? (
        <ProductNotFound slugOrId={slugOrId} />
      ) : (
        <CatalogueProblem catalogue={catalogue} />
      )}
    </Box>
  )
}
