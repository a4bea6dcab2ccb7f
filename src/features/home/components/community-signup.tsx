import type { ReactNode } from 'react'
import { AfterHydration } from '@/components/after-hydration'
import { StarIcon } from '@/components/icons'
import { store } from '@/config/site'
import { laterClass } from '@/lib/first-frame'
import './home-sections.css'

/** The community claim above the home page's newsletter signup (passed in as `form`). */
export function CommunitySignup({ form }: { form?: ReactNode }) {
  return (
    <section
      aria-labelledby="join-community"
      className={`home-section home-section--cream ${laterClass}`}
    >
      <div className="community__inner">
        <div className="community__stars" aria-hidden="true">
          {[0, 1, 2, 3, 4].map((star) => (
            <StarIcon key={star} size={16} />
          ))}
        </div>
        <h2 id="join-community" className="community__title">
          Join {store.enthusiasts} enthusiasts
        </h2>
        <p className="community__text">
          Shoppers from Mombasa to Kisumu get our new arrivals, private sales and style notes first.
          Subscribe and never miss a drop.
        </p>
        {form ? (
          <div className="community__form">
            <AfterHydration placeholderClass="community__form-room">{form}</AfterHydration>
          </div>
        ) : null}
      </div>
    </section>
  )
}
