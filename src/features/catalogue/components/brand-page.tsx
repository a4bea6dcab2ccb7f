import { Link } from '@tanstack/react-router'
import { useMemo } from 'react'
import { paths, type BrandSlug } from '@/config/paths'
import { sortProducts } from '../listing/filter-products'
import { useCatalogue } from '../use-catalogue'
import { useTitleRefresh } from '../use-title-refresh'
import './brand-page.css'
import { CatalogueProblem } from './catalogue-notice'
import { EmptyListing } from './empty-listing'
import './listing-shared.css'
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
        <div className="listing-container listing-message">
          <CatalogueProblem catalogue={catalogue} />
        </div>
      </>
    )
  }
  if (catalogue.status === 'ready' && !brand) {
    return (
      <>
        <PageHero title="Brand not found" crumbs={crumbs} />
        <div className="listing-container listing-message">
          <EmptyListing title="We could not find that brand" text="See all our brands instead." />
        </div>
      </>
    )
  }

  const luxury = brand?.kind === 'luxury'
  const store = luxury ? paths.luxuryWatchesStore : paths.smartWatchesStore
  return (
    <>
      <PageHero
        title={brand?.name ?? <span className="brand-page__title-placeholder" />}
        eyebrow={brand ? (luxury ? 'Luxury watches' : 'Smart watches') : ' '}
        crumbs={crumbs}
      >
        <div className="brand-page__facts">
          {brand ? (
            <>
              <span>{brand.country}</span>
              <span>{luxury ? brand.heritage : `${brand.tier} tier`}</span>
            </>
          ) : null}
        </div>
      </PageHero>
      <div className="listing-container brand-page__body">
        <section aria-label="Brand story" className="brand-page__story">
          <h2 className="listing-heading brand-page__story-title">The story</h2>
          <p className="brand-page__story-text">{brand?.description}</p>
          <div className="brand-page__store-link">
            <Link to={store}>
              <span className="listing-btn listing-btn--outline">
                Visit the {luxury ? 'luxury' : 'smart'} watch store
              </span>
            </Link>
          </div>
        </section>
        <section aria-label={`${brand?.name ?? 'Brand'} products`}>
          <div className="listing-section-head brand-page__products-head">
            <h2 className="listing-heading">Shop {brand?.name}</h2>
            <p className="listing-note">
              {brand ? `${products.length} ${products.length === 1 ? 'product' : 'products'}` : ''}
            </p>
          </div>
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
        </section>
      </div>
    </>
  )
}
