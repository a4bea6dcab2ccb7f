import { Box } from '@chakra-ui/react/box'
import { Flex } from '@chakra-ui/react/flex'
import { Heading } from '@chakra-ui/react/heading'
import { chakra } from '@chakra-ui/react/styled-system'
import { Text } from '@chakra-ui/react/text'
import { useDeferredValue, useMemo, useState, type ReactNode } from 'react'
import { Drawer } from '@/components/drawer'
import { paths } from '@/config/paths'
import { largeScreenQuery, useMediaQuery } from '@/lib/use-media-query'
import { applyFilters, facetsFor, sortProducts } from '../listing/filter-products'
import {
  activeFilterCount,
  pageSize,
  sortOptions,
  withoutFilters,
  type ListingSearch,
  type SortKey,
} from '../listing/listing-search'
import { resolvePreset, titleFromSlug, type ListingPreset } from '../listing/presets'
import type { Product } from '../types'
import { useCatalogue } from '../use-catalogue'
import { useListingSearch } from '../use-listing-search'
import { ActiveFilters } from './active-filters'
import { outlineButton, solidButton } from './button-styles'
import { CatalogueProblem, StaleNotice } from './catalogue-notice'
import { EmptyListing } from './empty-listing'
import { FilterPanel } from './filter-panel'
import { PageHero, type Crumb } from './page-hero'
import { ProductGrid, ProductGridSkeleton } from './product-grid'

function countLabel(count: number): string {
  return `${count} ${count === 1 ? 'product' : 'products'}`
}

export interface ListingViewProps {
  preset: string
  /** Replaces the preset's own title (store pages). */
  title?: string
  eyebrow?: string
  intro?: string
  crumbs?: Crumb[]
  /** Shown between the hero and the products (a store's brands, subcategory chips). */
  before?: ReactNode
  /** Heading of the product section when `before` has content of its own. */
  productsHeading?: string
  /**
   * The products to list instead of the preset's (search results), in their own order (best match
   * first) until the shopper picks a sort; the preset still gives the filters' shape.
   */
  products?: readonly Product[]
  /** What to say when `products` is empty. */
  empty?: { title: string; text: string }
}

/**
 * A product listing: a preset list, the shopper's filters and sort from the URL,
 * the count, 24 products a page with 'Load more', and clear states for loading, offline and no match.
 */
export function ListingView({
  preset: presetKey,
  title,
  eyebrow,
  intro,
  crumbs,
  before,
  productsHeading,
  products,
  empty,
}: ListingViewProps) {
  const catalogue = useCatalogue()
  const [search, setSearch] = useListingSearch()
  const [filtersOpen, setFiltersOpen] = useState(false)
  const preset = useMemo(
    () => resolvePreset(presetKey, catalogue.products),
    [presetKey, catalogue.products],
  )
  const base = useMemo(
    () => (products ? [...products] : preset ? catalogue.products.filter(preset.includes) : []),
    [products, preset, catalogue.products],
  )
  const facets = useMemo(() => (preset ? facetsFor(base, preset) : undefined), [base, preset])
  // Given products keep their own order (best match first) until a sort is picked.
  const keepOrder = products !== undefined && search.sort === undefined
  const sorted = useMemo(
    () =>
      keepOrder
        ? applyFilters(base, search)
        : sortProducts(applyFilters(base, search), search.sort),
    [base, search, keepOrder],
  )
  const pages = search.page ?? 1
  const heroTitle = title ?? preset?.title ?? titleFromSlug(presetKey)
  const ready = catalogue.status === 'ready'
  const listing = useMemo(
    () => ({ ready, base, sorted, shown: sorted.slice(0, pages * pageSize) }),
    [ready, base, sorted, pages],
  )
  // The products below the bar follow a step behind: the large render when the catalogue arrives (or
  // the filters change) is a transition React can interrupt, not one long task. Until it is done, the
  // skeleton or the previous products stay, never an empty state.
  const shownListing = useDeferredValue(listing)
  // Phones filter in the drawer; the sidebar (hidden by CSS below lg) is only built where it shows.
  const largeScreen = useMediaQuery(largeScreenQuery)

  if (ready && !preset) {
    return (
      <>
        <PageHero
          title={heroTitle}
          crumbs={[{ label: 'Home', to: paths.home }, { label: heroTitle }]}
        />
        <Box maxW="7xl" mx="auto" px={{ base: '4', lg: '8' }} py="10">
          <EmptyListing
            title="We could not find that collection"
            text={`There is no "${titleFromSlug(presetKey)}" collection in the shop. Try one of these instead.`}
          />
        </Box>
      </>
    )
  }

  const filterCount = activeFilterCount(search)
  const panel = (idPrefix: string) =>
    facets && preset ? (
      <FilterPanel
        facets={facets}
        search={search}
        onChange={(next) => setSearch(next)}
        categoryHeading={categoryHeading(preset)}
        idPrefix={idPrefix}
      />
    ) : null

  return (
    <>
      <PageHero
        title={heroTitle}
        eyebrow={eyebrow}
        intro={intro ?? preset?.intro}
        crumbs={crumbs ?? [{ label: 'Home', to: paths.home }, { label: heroTitle }]}
      />
      {before}
      <Box
        as="section"
        aria-label={productsHeading ?? `${heroTitle} products`}
        maxW="7xl"
        mx="auto"
        px={{ base: '4', lg: '8' }}
        py={{ base: '6', md: '10' }}
      >
        {productsHeading ? (
          <Heading as="h2" fontFamily="heading" fontWeight="normal" fontSize="2xl" mb="6">
            {productsHeading}
          </Heading>
        ) : null}
        <StaleNotice catalogue={catalogue} />
        {catalogue.status === 'error' || catalogue.status === 'offline-empty' ? (
          <CatalogueProblem catalogue={catalogue} />
        ) : (
          <Flex gap="10" align="start">
            {largeScreen ? (
              <Box
                as="aside"
                aria-label="Filters"
                display={{ base: 'none', lg: 'block' }}
                w="64"
                flexShrink={0}
                position="sticky"
                top="24"
                maxH="calc(100dvh - 7rem)"
                overflowY="auto"
                pr="2"
              >
                {ready ? panel('sidebar') : <Box h="96" bg="brand.cream" />}
              </Box>
            ) : null}
            <Box flex="1" minW="0">
              <Flex
                align="center"
                justify="space-between"
                wrap={{ base: 'wrap', sm: 'nowrap' }}
                columnGap="3"
                rowGap="3"
                mb="5"
                pb="4"
                borderBottomWidth="1px"
                borderColor="brand.line"
                minH="14"
              >
                <Text
                  role="status"
                  aria-live="polite"
                  fontSize="sm"
                  color="brand.muted"
                  minW="24"
                  w={{ base: 'full', sm: 'auto' }}
                >
                  {ready ? countLabel(sorted.length) : 'Loading…'}
                </Text>
                <Flex align="center" gap="2" w={{ base: 'full', sm: 'auto' }}>
                  <chakra.button
                    type="button"
                    onClick={() => setFiltersOpen(true)}
                    aria-haspopup="dialog"
                    {...outlineButton}
                    display={{ base: 'inline-flex', lg: 'none' }}
                    flex={{ base: '1', sm: 'none' }}
                    minH="10"
                    px="4"
                  >
                    Filters{filterCount > 0 ? ` (${filterCount})` : ''}
                  </chakra.button>
                  <chakra.label
                    htmlFor="listing-sort"
                    fontSize="sm"
                    color="brand.muted"
                    display={{ base: 'none', sm: 'inline' }}
                  >
                    Sort by
                  </chakra.label>
                  <chakra.select
                    id="listing-sort"
                    aria-label="Sort by"
                    value={search.sort ?? 'featured'}
                    onChange={(event) => {
                      const sort = event.target.value as SortKey
                      const next: ListingSearch = { ...search, sort }
                      delete next.page
                      if (sort === 'featured') delete next.sort
                      setSearch(next)
                    }}
                    h="10"
                    px="3"
                    borderWidth="1px"
                    borderColor="brand.line"
                    bg="white"
                    fontSize="sm"
                    flex={{ base: '1', sm: 'none' }}
                    minW="0"
                    maxW={{ sm: '48' }}
                  >
                    {sortOptions.map((option) => (
                      <option key={option.value} value={option.value}>
                        {products && option.value === 'featured' ? 'Best match' : option.label}
                      </option>
                    ))}
                  </chakra.select>
                </Flex>
              </Flex>
              <ActiveFilters search={search} onChange={(next) => setSearch(next)} />
              {!shownListing.ready ? (
                <ProductGridSkeleton count={6} />
              ) : shownListing.sorted.length === 0 ? (
                shownListing.base.length === 0 ? (
                  <EmptyListing
                    title={empty?.title ?? 'Nothing here yet'}
                    text={
                      empty?.text ??
                      'New pieces arrive every week. In the meantime, browse the rest of the shop.'
                    }
                  />
                ) : (
                  <EmptyListing
                    title="No products match these filters"
                    text="Try removing a filter or two to see more."
                    action={
                      <chakra.button
                        type="button"
                        onClick={() => setSearch(withoutFilters(search))}
                        {...solidButton}
                      >
                        Clear filters
                      </chakra.button>
                    }
                  />
                )
              ) : (
                <>
                  <ProductGrid products={shownListing.shown} label={`${heroTitle} products`} />
                  {shownListing.shown.length < shownListing.sorted.length ? (
                    <Flex direction="column" align="center" gap="3" mt="12">
                      <Text fontSize="sm" color="brand.muted">
                        Showing {shownListing.shown.length} of {shownListing.sorted.length}
                      </Text>
                      <chakra.button
                        type="button"
                        onClick={() => setSearch({ ...search, page: pages + 1 }, true)}
                        {...outlineButton}
                        minW="56"
                      >
                        Load more
                      </chakra.button>
                    </Flex>
                  ) : null}
                </>
              )}
            </Box>
          </Flex>
        )}
      </Box>
      <Drawer
        open={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        title="Filters"
        side="left"
        size="sm"
        closeLabel="Close filters"
        footer={
          <Flex gap="3" w="full">
            <chakra.button
              type="button"
              onClick={() => setSearch(withoutFilters(search))}
              {...outlineButton}
              flex="1"
            >
              Clear filters
            </chakra.button>
            <chakra.button
              type="button"
              onClick={() => setFiltersOpen(false)}
              {...solidButton}
              flex="1"
            >
              Show {countLabel(sorted.length)}
            </chakra.button>
          </Flex>
        }
      >
        {panel('drawer')}
      </Drawer>
    </>
  )
}

function categoryHeading(preset: ListingPreset): string {
  return preset.facet === 'category' ? 'Category' : 'Type'
}
