import { Link } from '@tanstack/react-router'
import { startTransition, useDeferredValue, useEffect, useMemo, useState } from 'react'
import { useAppSelector } from '@/lib/app-state'
import { paths } from '@/config/paths'
import { findProduct, selectProductLookup } from '../catalogue-slice'
import { fetchBestSellerIds } from '../api/fetch-best-sellers'
import { bestSellers, newIn, railSize } from '../product/home-rails'
import type { Product } from '../types'
import { useCatalogue } from '../use-catalogue'
import './home-rails.css'
import './listing-shared.css'
import { ProductGrid, ProductGridSkeleton } from './product-grid'

const noProducts: readonly Product[] = []

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
    <section aria-labelledby={id} className="home-rail">
      <div className="listing-section-head">
        <h2 id={id} className="listing-heading home-rail__title">
          {title}
        </h2>
        {more ? (
          <Link to={more.to}>
            <span className="home-rail__more">{more.label}</span>
          </Link>
        ) : null}
      </div>
      {ready ? (
        <ProductGrid products={products} wide label={title} below />
      ) : (
        <ProductGridSkeleton count={railSize} wide />
      )}
    </section>
  )
}

/**
 * The home page's product rails, below the page's fixed sections: "New in" (the newest listings) and "Best
 * sellers" (by units sold in paid orders, as the database counts them; the featured and best rated
 * while it has not answered, or offline).
 */
export function HomeRails() {
  const catalogue = useCatalogue()
  const lookup = useAppSelector(selectProductLookup)
  const [rankedIds, setRankedIds] = useState<string[]>()

  useEffect(() => {
    let current = true
    fetchBestSellerIds(railSize * 2).then(
      (ids) => {
        if (current) startTransition(() => setRankedIds(ids))
      },
      () => {
        // Offline or refused: the featured products stand in.
      },
    )
    return () => {
      current = false
    }
  }, [])

  // The rails are chosen and their cards (some twenty) rendered in the background, in slices React can
  // interleave with taps and frames: the store's update (which React renders at once, in one task), or
  // the part's arrival, would otherwise do it all in one long task. Until then the rails show their
  // placeholders, or the cards they showed before.
  const ready = useDeferredValue(catalogue.status === 'ready', false)
  const products = useDeferredValue(catalogue.products, noProducts)
  const fresh = useMemo(() => newIn(products), [products])
  const best = useMemo(
    () => bestSellers(products, (id) => findProduct(lookup, id), rankedIds),
    [products, lookup, rankedIds],
  )

  return (
    <div className="listing-container home-rails">
      <Rail
        id="home-new-in"
        title="New in"
        products={fresh}
        ready={ready}
        more={{ to: paths.newArrivals, label: 'Shop new arrivals' }}
      />
      <Rail id="home-best-sellers" title="Best sellers" products={best} ready={ready} />
    </div>
  )
}
