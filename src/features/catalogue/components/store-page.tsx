import { useMemo } from 'react'
import { paths } from '@/config/paths'
import { titleFromSlug } from '../listing/presets'
import type { Brand } from '../types'
import { useCatalogue } from '../use-catalogue'
import { useListingSearch } from '../use-listing-search'
import { BrandCard, BrandCardPlaceholder } from './brand-card'
import './listing-shared.css'
import { ListingView } from './listing-view'
import './store-page.css'
import { compareText } from '@/lib/compare-text'

type StoreKey = 'bags' | 'jewelry' | 'shoes' | 'luxury-watches' | 'smart-watches'

const stores: Record<StoreKey, { title: string; eyebrow: string; intro: string; brands?: string }> =
  {
    bags: {
      title: 'Bags Store',
      eyebrow: 'The bag edit',
      intro:
        'Designer handbags, Nairobi leather totes, clutches, backpacks and woven kiondo baskets.',
    },
    jewelry: {
      title: 'Jewelry Store',
      eyebrow: 'Fine and handmade',
      intro: 'Maasai beadwork, Kariokor brass, freshwater pearls and solid gold.',
    },
    shoes: {
      title: 'Shoes Store',
      eyebrow: 'Premium footwear',
      intro: 'Sneakers, heels, boots, sandals and loafers, for every step of the week.',
    },
    'luxury-watches': {
      title: 'Luxury Watch Store',
      eyebrow: 'Haute horlogerie',
      intro: 'Six great houses, each with more than a century of watchmaking behind it.',
      brands: 'Luxury Watch Houses',
    },
    'smart-watches': {
      title: 'Smart Watch Store',
      eyebrow: 'Connected',
      intro: 'From budget fitness trackers to luxury connected watches, sorted by tier.',
      brands: 'Smart Watch Brands',
    },
  }

function isStoreKey(value: string): value is StoreKey {
  return Object.hasOwn(stores, value)
}

/** Chips for the store's kinds (Handbags, Totes…), kept in the URL like any other filter. */
function SubcategoryChips({ category }: { category: string }) {
  const { products, status } = useCatalogue()
  const [search, setSearch] = useListingSearch()
  const kinds = useMemo(() => {
    const counts = new Map<string, number>()
    for (const product of products) {
      if (product.category === category && product.subcategory) {
        counts.set(product.subcategory, (counts.get(product.subcategory) ?? 0) + 1)
      }
    }
    return [...counts].sort((a, b) => compareText(a[0], b[0]))
  }, [products, category])
  if (status !== 'ready' || kinds.length < 2) return <div />
  const choose = (value: string | undefined) => {
    const next = { ...search, category: value }
    delete next.page
    if (!value) delete next.category
    setSearch(next)
  }
  const chip = (label: string, value: string | undefined, count?: number) => {
    const active = search.category === value
    return (
      <li key={label}>
        <button
          type="button"
          aria-pressed={active}
          onClick={() => choose(value)}
          className="store-chip"
        >
          {label}
          {count !== undefined ? <span className="store-chip__count">{count}</span> : null}
        </button>
      </li>
    )
  }
  return (
    <div className="listing-container store-chips">
      <ul aria-label="Shop by type" className="store-chips__list">
        {chip('All', undefined)}
        {kinds.map(([value, count]) => chip(titleFromSlug(value), value, count))}
      </ul>
    </div>
  )
}

function tierRank(brand: Brand): number {
  const order = ['Luxury', 'Premium', 'Mid-Range', 'Budget']
  const index = order.indexOf(brand.tier)
  return index < 0 ? order.length : index
}

function heritageYear(brand: Brand): number {
  const year = Number(/\d{4}/.exec(brand.heritage)?.[0])
  return Number.isFinite(year) ? year : 9999
}

/** A store's brands before its products: luxury houses by heritage, smart brands by tier. */
function StoreBrands({ kind, heading }: { kind: 'luxury' | 'smart'; heading: string }) {
  const { brands, status } = useCatalogue()
  const list = useMemo(
    () =>
      brands
        .filter((brand) => brand.kind === kind)
        .sort((a, b) =>
          kind === 'luxury' ? heritageYear(a) - heritageYear(b) : tierRank(a) - tierRank(b),
        ),
    [brands, kind],
  )
  return (
    <section aria-label={heading} className="listing-container store-brands">
      <div className="listing-section-head">
        <h2 className="listing-heading">{heading}</h2>
        <p className="listing-note">{kind === 'luxury' ? 'By heritage' : 'By tier'}</p>
      </div>
      <ul className="brand-grid">
        {status === 'ready'
          ? list.map((brand) => (
              <li key={brand.slug}>
                <BrandCard brand={brand} />
              </li>
            ))
          : Array.from({ length: 6 }, (_, index) => <BrandCardPlaceholder key={index} />)}
      </ul>
    </section>
  )
}

/**
 * A store: its category's products with chips for each kind (bags, jewelry, shoes), or, for the watch
 * stores, the brands first (heritage for luxury, tier for smart), each linking to its brand page.
 */
export function StorePage({ store }: { store: string }) {
  const key: StoreKey = isStoreKey(store) ? store : 'bags'
  const config = stores[key]
  const watchKind = key === 'luxury-watches' ? 'luxury' : key === 'smart-watches' ? 'smart' : null
  return (
    <ListingView
      preset={key}
      title={config.title}
      eyebrow={config.eyebrow}
      intro={config.intro}
      crumbs={[{ label: 'Home', to: paths.home }, { label: config.title }]}
      before={
        watchKind && config.brands ? (
          <StoreBrands kind={watchKind} heading={config.brands} />
        ) : (
          <SubcategoryChips category={key} />
        )
      }
      productsHeading={
        watchKind ? `All ${watchKind === 'luxury' ? 'luxury' : 'smart'} watches` : undefined
      }
    />
  )
}
