import { Link } from '@tanstack/react-router'
import { ArrowRightIcon } from '@/components/icons'
import type { Brand } from '../types'
import './brand-card.css'

function monogram(name: string): string {
  return name
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0))
    .join('')
    .toUpperCase()
}

/** A watch brand: monogram, name, heritage (luxury) or tier (smart), country; links to its page. */
export function BrandCard({ brand }: { brand: Brand }) {
  const luxury = brand.kind === 'luxury'
  const detail = luxury ? brand.heritage : brand.tier
  return (
    <Link
      to="/brands/$brand"
      params={{ brand: brand.slug }}
      aria-label={`${brand.name}, ${detail}`}
    >
      <div className="brand-card">
        <div className="brand-card__head">
          <div
            aria-hidden="true"
            className={
              luxury ? 'brand-card__monogram' : 'brand-card__monogram brand-card__monogram--smart'
            }
          >
            {monogram(brand.name)}
          </div>
          <div className="brand-card__names">
            <p className="brand-card__name">{brand.name}</p>
            <p className="brand-card__detail">{detail}</p>
          </div>
        </div>
        <p className="brand-card__story">{brand.description}</p>
        <div className="brand-card__foot">
          <span>{brand.country}</span>
          <span className="brand-card__discover">
            Discover <ArrowRightIcon size={14} />
          </span>
        </div>
      </div>
    </Link>
  )
}

/** A brand card's shape while the catalogue loads. */
export function BrandCardPlaceholder() {
  return <li className="brand-grid__placeholder" aria-hidden="true" />
}
