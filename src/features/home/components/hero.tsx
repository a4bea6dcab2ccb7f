import { Link } from '@tanstack/react-router'
import { buttonLinkClass } from '@/components/button-link'
import { ArrowRightIcon } from '@/components/icons'
import './hero.css'

/**
 * The opening band. Text first: the headline is the largest thing painted, so it is the LCP element and
 * needs no image; the art on wide screens is pure CSS (a shuka-check arch and a gold sun). Plain elements
 * and a static stylesheet: nothing to compute at render.
 */
export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="hero">
      <div className="hero__inner">
        <div className="hero__copy">
          <p className="hero__eyebrow">Nairobi · New Season</p>
          <h1 id="hero-title" className="hero__title">
            Kenyan Fashion Redefined
          </h1>
          <p className="hero__text">
            Premium fashion, shoes, bags, jewelry and watches, chosen in Nairobi and delivered to
            all 47 counties. Pay with <span className="hero__nowrap">M-Pesa</span> or cash on
            delivery.
          </p>
          <div className="hero__actions">
            <Link to="/new-arrivals">
              <span className={`${buttonLinkClass('gold')} hero__action`}>
                Shop New Arrivals <ArrowRightIcon size={16} />
              </span>
            </Link>
            <Link to="/heritage">
              <span className={`${buttonLinkClass('outlineLight')} hero__action`}>
                Explore Heritage
              </span>
            </Link>
          </div>
        </div>

        <div className="hero__art" aria-hidden="true">
          <div className="hero__arch-line" />
          <div className="hero__arch" />
          <div className="hero__sun" />
        </div>
      </div>
    </section>
  )
}
