import { Link } from '@tanstack/react-router'
import { buttonLinkClass } from '@/components/button-link'
import { promotions } from '@/config/site'
import { laterClass } from '@/lib/first-frame'
import './home-sections.css'

/** The sale banner: the percentage comes from the store config. */
export function SaleBanner() {
  return (
    <section aria-labelledby="sale-banner" className={`sale-banner ${laterClass}`}>
      <div className="home-container sale-banner__inner">
        <div>
          <p className="sale-banner__eyebrow">THE SEASON SALE</p>
          <h2 id="sale-banner" className="sale-banner__title">
            {promotions.saleBanner}
          </h2>
          <p className="sale-banner__text">
            Designer pieces, watches and accessories at their lowest prices of the year, while
            stocks last.
          </p>
        </div>
        {/* The deepest cuts first: the banner's 60-80% pieces lead the sale. */}
        <Link to="/sale" search={{ sort: 'discount' }}>
          <span className={buttonLinkClass('light')}>Shop the Sale</span>
        </Link>
      </div>
    </section>
  )
}
