import { Link } from '@tanstack/react-router'
import { useEffect, useMemo, useState } from 'react'
import { useAppDispatch, useAppSelector } from '@/lib/app-state'
import { ReturnIcon, TruckIcon } from '@/components/icons'
import { paths } from '@/config/paths'
import { delivery, returnsPolicy } from '@/config/site'
import { selectCurrency } from '@/features/currency/currency-slice'
import { laterClass } from '@/lib/first-frame'
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
import { browseLinks } from './browse-links'
import type { Crumb } from './page-hero'
import { PriceTag } from './price-tag'
import { ProductGrid } from './product-grid'
import { picturesFor, shownColour } from '../product/pictures'
import { ProductGallery } from './product-gallery'
import { ProductPurchase } from './product-purchase'
import { ProductSpecsTable } from './product-specs'
import { RatingStars } from './rating-stars'
import './product-page.css'

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
    <nav aria-label="Breadcrumb" className="product-crumbs">
      <ol className="product-crumbs__list">
        {crumbs.map((crumb, index) => (
          <li key={`${crumb.label}-${index}`} className="product-crumbs__item">
            {index > 0 ? <span aria-hidden="true">/</span> : null}
            {crumb.to ? (
              <Link to={crumb.to} className="product-crumbs__link">
                {crumb.label}
              </Link>
            ) : (
              <span aria-current="page" className="product-crumbs__current">
                {crumb.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}

function DeliveryNotes() {
  const currency = useAppSelector(selectCurrency)
  return (
    <section aria-label="Delivery and returns" className="product-delivery">
      <div className="product-delivery__row">
        <div className="product-delivery__icon">
          <TruckIcon size={20} />
        </div>
        <div>
          <p className="product-delivery__title">
            Free delivery across Kenya on orders over {formatPrice(delivery.freeFromKes, currency)}
          </p>
          <p className="product-delivery__text">
            Otherwise Nairobi {formatPrice(delivery.fees.nairobi, currency)} (
            {delivery.estimate.nairobi}), other counties{' '}
            {formatPrice(delivery.fees.otherCounty, currency)} ({delivery.estimate.otherCounty}),
            pickup points {formatPrice(delivery.fees.pickup, currency)}. Pay by M-Pesa or cash on
            delivery.
          </p>
        </div>
      </div>
      <div className="product-delivery__row">
        <div className="product-delivery__icon">
          <ReturnIcon size={20} />
        </div>
        <div>
          <p className="product-delivery__title">{returnsPolicy.days}-day returns</p>
          <p className="product-delivery__text">
            Not right? Return it unworn within {returnsPolicy.days} days.{' '}
            <Link to={paths.returns} className="product-page__text-link">
              Returns policy
            </Link>
          </p>
        </div>
      </div>
    </section>
  )
}

function ProductRow({ title, products }: { title: string; products: Product[] }) {
  if (products.length === 0) return null
  return (
    <section aria-label={title} className={`product-row ${laterClass}`}>
      <h2 className="product-row__title">{title}</h2>
      <ProductGrid products={products} wide label={title} below />
    </section>
  )
}

function ProductSkeleton() {
  const block = (kind: string) => `product-skeleton__block product-skeleton__block--${kind}`
  return (
    <div role="status" aria-label="Loading product" className="product-layout">
      <div className={block('media')} />
      <div>
        {['brand', 'name', 'rating', 'price', 'text', 'button'].map((kind) => (
          <div key={kind} className={block(kind)} />
        ))}
      </div>
    </div>
  )
}

function ProductNotFound({ slugOrId }: { slugOrId: string }) {
  return (
    <div className="product-missing">
      <h1 className="product-missing__title">Product not found</h1>
      <p className="product-missing__text">
        We could not find &quot;{slugOrId}&quot;. It may have sold out for good or moved. Try one of
        these instead.
      </p>
      <ul className="product-missing__links">
        {browseLinks.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="product-page__text-link">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
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
      <div className="product-layout product-layout--details">
        <div className="product-media">
          <div className="product-media__frame">
            <ProductGallery pictures={pictures} label={`Pictures of ${product.name}`} key={shown} />
            <div className="product-media__badges">
              {product.discount > 0 ? (
                <span className="product-media__badge product-media__badge--sale">
                  -{product.discount}%
                </span>
              ) : null}
              {product.newArrival ? (
                <span className="product-media__badge product-media__badge--new">New</span>
              ) : null}
            </div>
          </div>
        </div>
        <div>
          {product.brand ? <p className="product-info__brand">{product.brand}</p> : null}
          <h1 className="product-info__name">{product.name}</h1>
          {product.rating > 0 ? (
            <div className="product-info__rating">
              <RatingStars rating={product.rating} size={16} />
              <p className="product-info__rating-value" aria-hidden="true">
                {product.rating.toFixed(1)}
              </p>
            </div>
          ) : null}
          <div className="product-info__price">
            <PriceTag price={product.price} discount={product.discount} size="lg" />
          </div>
          {product.description ? (
            <p className="product-info__description">{product.description}</p>
          ) : catalogue.details === 'waiting' ? (
            // The description follows the list a moment later: its lines are held so that the
            // purchase box below does not jump when it arrives.
            <div className="product-info__description-lines" aria-hidden="true">
              <div className="product-info__description-line" />
              <div className="product-info__description-line" />
              <div className="product-info__description-line" />
            </div>
          ) : null}
          <div className={`product-info__purchase ${laterClass}`}>
            <ProductPurchase
              key={product.id}
              product={product}
              onColourChange={(colour) => setChosen({ id: product.id, colour })}
            />
          </div>
          <div className={`product-info__more ${laterClass}`}>
            <ProductSpecsTable specs={product.specs} />
            <div className="product-info__delivery">
              <DeliveryNotes />
            </div>
            <dl className="product-info__facts">
              <dt>Product code</dt>
              <dd>{product.id}</dd>
              <dt>Category</dt>
              <dd>
                {[product.category, product.subcategory]
                  .filter(Boolean)
                  .map((slug) => titleFromSlug(slug!))
                  .join(' · ')}
              </dd>
            </dl>
          </div>
        </div>
      </div>
      <ProductRow title="You may also like" products={related} />
      <ProductRow title="Recently viewed" products={recent} />
    </>
  )
}

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
    <div className="product-page">
      {product ? (
        <ProductDetails product={product} />
      ) : catalogue.status === 'loading' ? (
        <ProductSkeleton />
      ) : catalogue.status === 'ready' ? (
        <ProductNotFound slugOrId={slugOrId} />
      ) : (
        <CatalogueProblem catalogue={catalogue} />
      )}
    </div>
  )
}
