import { Link } from '@tanstack/react-router'
import { buttonLinkClass } from '@/components/button-link'
import { laterClass } from '@/lib/first-frame'
import { Illustration, SectionHeading } from './section-heading'

const shoes = [
  '/images/products/heel-black.svg',
  '/images/products/sneaker-white.svg',
  '/images/products/loafer-cognac.svg',
  '/images/products/boot-tan.svg',
] as const

/** The premium footwear section, leading to the shoe store. */
export function FootwearSection() {
  return (
    <section
      aria-labelledby="premium-footwear"
      className={`home-section home-section--ivory ${laterClass}`}
    >
      <div className="home-container footwear__inner">
        <div>
          <SectionHeading
            id="premium-footwear"
            eyebrow="Premium Footwear"
            title="Step Out in Style"
            align="start"
          >
            Heels for the evening, sneakers for the city, loafers for the office and sandals for the
            coast, from Nairobi workshops and the world&apos;s great houses.
          </SectionHeading>
          <div className="footwear__action">
            <Link to="/shoes-store">
              <span className={buttonLinkClass('solid')}>Shop Footwear</span>
            </Link>
          </div>
        </div>
        <div className="footwear__shoes" aria-hidden="true">
          {shoes.map((src) => (
            <div key={src} className="home-frame">
              <Illustration src={src} />
            </div>
          ))}
        </div>
      </div>
    </section>
  )
}
