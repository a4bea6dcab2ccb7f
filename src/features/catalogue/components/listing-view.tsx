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
import { CatalogueProblem, StaleNotice } from './catalogue-notice'
import { EmptyListing } from './empty-listing'
import { FilterPanel } from './filter-panel'
import './listing-shared.css'
import './listing-view.css'
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
        <div className="listing-container listing-message">
          <EmptyListing
            title="We could not find that collection"
            text={`There is no "${titleFromSlug(presetKey)}" collection in the shop. Try one of these instead.`}
          />
        </div>
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
      <section
        aria-label={productsHeading ?? `${heroTitle} products`}
        className="listing-container listing"
      >
        {productsHeading ? (
          <h2 className="listing-heading listing__heading">{productsHeading}</h2>
        ) : null}
        <StaleNotice catalogue={catalogue} />
        {catalogue.status === 'error' || catalogue.status === 'offline-empty' ? (
          <CatalogueProblem catalogue={catalogue} />
        ) : (
          <div className="listing__layout">
            {largeScreen ? (
              <aside
                aria-label="Filters"
                className="listing__sidebar"
                data-media={largeScreenQuery}
              >
                {ready ? panel('sidebar') : <div className="listing__sidebar-placeholder" />}
              </aside>
            ) : null}
            <div className="listing__main">
              <div className="listing__bar">
                <p role="status" aria-live="polite" className="listing__count">
                  {ready ? countLabel(sorted.length) : 'Loading…'}
                </p>
                <div className="listing__controls">
                  <button
                    type="button"
                    onClick={() => setFiltersOpen(true)}
                    aria-haspopup="dialog"
                    className="listing-btn listing-btn--outline listing__filters-button"
                  >
                    Filters{filterCount > 0 ? ` (${filterCount})` : ''}
                  </button>
                  <label htmlFor="listing-sort" className="listing__sort-label">
                    Sort by
                  </label>
                  <select
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
                    className="listing__sort"
                  >
                    {sortOptions.map((option) => (
                      <option key={option.value} value={option.value}>
                        {products && option.value === 'featured' ? 'Best match' : option.label}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
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
                      <button
                        type="button"
                        onClick={() => setSearch(withoutFilters(search))}
                        className="listing-btn listing-btn--solid"
                      >
                        Clear filters
                      </button>
                    }
                  />
                )
              ) : (
                <>
                  <ProductGrid products={shownListing.shown} label={`${heroTitle} products`} />
                  {shownListing.shown.length < shownListing.sorted.length ? (
                    <div className="listing__more">
                      <p className="listing-note">
                        Showing {shownListing.shown.length} of {shownListing.sorted.length}
                      </p>
                      <button
                        type="button"
                        onClick={() => setSearch({ ...search, page: pages + 1 }, true)}
                        className="listing-btn listing-btn--outline listing__load-more"
                      >
                        Load more
                      </button>
                    </div>
                  ) : null}
                </>
              )}
            </div>
          </div>
        )}
      </section>
      <Drawer
        open={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        title="Filters"
        side="left"
        size="sm"
        closeLabel="Close filters"
        footer={
          <div className="listing__drawer-actions">
            <button
              type="button"
              onClick={() => setSearch(withoutFilters(search))}
              className="listing-btn listing-btn--outline listing__drawer-action"
            >
              Clear filters
            </button>
            <button
              type="button"
              onClick={() => setFiltersOpen(false)}
              className="listing-btn listing-btn--solid listing__drawer-action"
            >
              Show {countLabel(sorted.length)}
            </button>
          </div>
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
