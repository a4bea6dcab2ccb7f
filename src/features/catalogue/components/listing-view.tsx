import { Box } from '@chakra-ui/react/box'
import { Flex } from '@chakra-ui/react/flex'
import { Heading } from '@chakra-ui/react/heading'
import { chakra } from '@chakra-ui/react/styled-system'
import { Text } from '@chakra-ui/react/text'
import { Link, useNavigate, useSearch } from '@tanstack/react-router'
import { useMemo, useState, type ReactNode } from 'react'
import { Drawer } from '@/components/drawer'
import { CloseIcon } from '@/components/icons'
import { paths } from '@/config/paths'
import { applyFilters, facetsFor, sortProducts } from '../listing/filter-products'
import {
  activeFilterCount,
  pageSize,
  sortOptions,
  splitList,
  validateListingSearch,
  withoutFilters,
  type ListingSearch,
  type SortKey,
} from '../listing/listing-search'
import { resolvePreset, titleFromSlug, type ListingPreset } from '../listing/presets'
import { useCatalogue } from '../use-catalogue'
import { CatalogueProblem, StaleNotice } from './catalogue-notice'
import { FilterPanel } from './filter-panel'
import { PageHero, type Crumb } from './page-hero'
import { ProductGrid, ProductGridSkeleton } from './product-grid'

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

/** The listing's search from the URL (already checked by the route; checked again for the type). */
export function useListingSearch(): [
  ListingSearch,
  (next: ListingSearch, replace?: boolean) => void,
] {
  const raw = useSearch({ strict: false }) as Record<string, unknown>
  const search = useMemo(() => validateListingSearch(raw), [raw])
  const navigate = useNavigate()
  const setSearch = (next: ListingSearch, replace = false) =>
    void navigate({ to: '.', search: next as never, replace, resetScroll: false })
  return [search, setSearch]
}

function countLabel(count: number): string {
  return `${count} ${count === 1 ? 'product' : 'products'}`
}

function ActiveFilters({
  search,
  onChange,
}: {
  search: ListingSearch
  onChange: (next: ListingSearch) => void
}) {
  const chips: { label: string; next: ListingSearch }[] = []
  const without = (changes: Partial<ListingSearch>): ListingSearch => {
    const next: ListingSearch = { ...search, ...changes }
    delete next.page
    for (const key of Object.keys(next) as (keyof ListingSearch)[]) {
      if (next[key] === undefined) delete next[key]
    }
    return next
  }
  if (search.category) {
    chips.push({ label: titleFromSlug(search.category), next: without({ category: undefined }) })
  }
  for (const key of ['brand', 'size', 'color'] as const) {
    const values = splitList(search[key])
    for (const value of values) {
      const rest = values.filter((item) => item !== value)
      chips.push({
        label: value,
        next: without({ [key]: rest.length ? rest.join(',') : undefined }),
      })
    }
  }
  if (search.min !== undefined || search.max !== undefined) {
    chips.push({ label: 'Price range', next: without({ min: undefined, max: undefined }) })
  }
  if (search.sale) chips.push({ label: 'On sale', next: without({ sale: undefined }) })
  if (search.new) chips.push({ label: 'New arrivals', next: without({ new: undefined }) })
  if (chips.length === 0) return null
  return (
    <Flex as="ul" listStyleType="none" wrap="wrap" gap="2" mb="5" aria-label="Active filters">
      {chips.map((chip) => (
        <li key={chip.label}>
          <chakra.button
            type="button"
            aria-label={`Remove filter: ${chip.label}`}
            onClick={() => onChange(chip.next)}
            display="inline-flex"
            alignItems="center"
            gap="1.5"
            minH="8"
            px="3"
            bg="brand.ivory"
            fontSize="xs"
            _hover={{ bg: 'brand.line' }}
          >
            {chip.label}
            <CloseIcon size={12} />
          </chakra.button>
        </li>
      ))}
      <li>
        <chakra.button
          type="button"
          onClick={() => onChange(withoutFilters(search))}
          minH="8"
          px="2"
          fontSize="xs"
          textDecoration="underline"
          textUnderlineOffset="3px"
        >
          Clear all
        </chakra.button>
      </li>
    </Flex>
  )
}

/** Nothing to list: the filters exclude everything, the collection is empty, or it does not exist. */
export function EmptyListing({
  title,
  text,
  action,
}: {
  title: string
  text: string
  action?: ReactNode
}) {
  return (
    <Box textAlign="center" py={{ base: '12', md: '20' }} px="4" bg="brand.cream">
      <Heading as="h2" fontFamily="heading" fontWeight="normal" fontSize="2xl">
        {title}
      </Heading>
      <Text color="brand.muted" mt="2" maxW="md" mx="auto">
        {text}
      </Text>
      {action ? <Box mt="5">{action}</Box> : null}
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
}

/**
 * A product listing (spec §2 '/products'): a preset list, the shopper's filters and sort from the URL,
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
}: ListingViewProps) {
  const catalogue = useCatalogue()
  const [search, setSearch] = useListingSearch()
  const [filtersOpen, setFiltersOpen] = useState(false)
  const preset = useMemo(
    () => resolvePreset(presetKey, catalogue.products),
    [presetKey, catalogue.products],
  )
  const base = useMemo(
    () => (preset ? catalogue.products.filter(preset.includes) : []),
    [preset, catalogue.products],
  )
  const facets = useMemo(() => (preset ? facetsFor(base, preset) : undefined), [base, preset])
  const sorted = useMemo(
    () => sortProducts(applyFilters(base, search), search.sort),
    [base, search],
  )
  const pages = search.page ?? 1
  const shown = sorted.slice(0, pages * pageSize)
  const heroTitle = title ?? preset?.title ?? titleFromSlug(presetKey)
  const ready = catalogue.status === 'ready'

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
                        {option.label}
                      </option>
                    ))}
                  </chakra.select>
                </Flex>
              </Flex>
              <ActiveFilters search={search} onChange={(next) => setSearch(next)} />
              {!ready ? (
                <ProductGridSkeleton count={6} />
              ) : sorted.length === 0 ? (
                base.length === 0 ? (
                  <EmptyListing
                    title="Nothing here yet"
                    text="New pieces arrive every week. In the meantime, browse the rest of the shop."
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
                  <ProductGrid products={shown} label={`${heroTitle} products`} />
                  {shown.length < sorted.length ? (
                    <Flex direction="column" align="center" gap="3" mt="12">
                      <Text fontSize="sm" color="brand.muted">
                        Showing {shown.length} of {sorted.length}
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
