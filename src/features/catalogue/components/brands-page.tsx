import { Link } from '@tanstack/react-router'
import { useMemo, type ReactNode } from 'react'
import { paths } from '@/config/paths'
import type { Brand } from '../types'
import { useCatalogue } from '../use-catalogue'
import { BrandCard, BrandCardPlaceholder } from './brand-card'
import './brands-page.css'
import { CatalogueProblem } from './catalogue-notice'
import './listing-shared.css'
import { PageHero } from './page-hero'
import { compareText } from '@/lib/compare-text'

function Section({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="brands-section">
      <div className="listing-section-head">
        <h2 className="listing-heading brands-section__title">{title}</h2>
        {note ? <p className="listing-note">{note}</p> : null}
      </div>
      {children}
    </section>
  )
}

function BrandGrid({ brands, loading }: { brands: Brand[]; loading: boolean }) {
  return (
    <ul className="brand-grid">
      {loading
        ? Array.from({ length: 6 }, (_, index) => <BrandCardPlaceholder key={index} />)
        : brands.map((brand) => (
            <li key={brand.slug}>
              <BrandCard brand={brand} />
            </li>
          ))}
    </ul>
  )
}

/** /brands: the twelve watch brands (luxury houses, then smart brands), then the fashion labels. */
export function BrandsPage() {
  const catalogue = useCatalogue()
  const loading = catalogue.status === 'loading'
  const luxury = catalogue.brands.filter((brand) => brand.kind === 'luxury')
  const smart = catalogue.brands.filter((brand) => brand.kind === 'smart')
  const fashion = useMemo(() => {
    const counts = new Map<string, number>()
    for (const product of catalogue.products) {
      if (!product.brand || product.category.endsWith('watches')) continue
      counts.set(product.brand, (counts.get(product.brand) ?? 0) + 1)
    }
    return [...counts].sort((a, b) => compareText(a[0], b[0]))
  }, [catalogue.products])

  return (
    <>
      <PageHero
        title="Brands"
        eyebrow="Designer brands"
        intro="Swiss watch houses, the smart watches Kenyans wear, and the fashion labels, from Paris to Nairobi, that we stock."
        crumbs={[{ label: 'Home', to: paths.home }, { label: 'Brands' }]}
      />
      <div className="listing-container">
        {catalogue.status === 'error' || catalogue.status === 'offline-empty' ? (
          <div className="listing-message">
            <CatalogueProblem catalogue={catalogue} />
          </div>
        ) : (
          <>
            <Section title="Luxury Watch Houses" note="Heritage">
              <BrandGrid brands={luxury} loading={loading} />
            </Section>
            <Section title="Smart Watch Brands" note="Tier">
              <BrandGrid brands={smart} loading={loading} />
            </Section>
            <Section title="Fashion Brands">
              <ul className="fashion-brands">
                {fashion.map(([name, count]) => (
                  <li key={name}>
                    <Link to={paths.products} search={{ brand: name } as never}>
                      <span className="fashion-brands__chip">
                        {name}
                        <span className="fashion-brands__count">{count}</span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </Section>
          </>
        )}
      </div>
    </>
  )
}
