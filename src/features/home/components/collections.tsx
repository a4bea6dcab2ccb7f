import { Link } from '@tanstack/react-router'
import { ArrowRightIcon } from '@/components/icons'
import { paths } from '@/config/paths'
import { laterClass } from '@/lib/first-frame'
import { Illustration, SectionHeading } from './section-heading'

/** Fashion collections: women, men and heritage. */
const collections = [
  {
    title: "Women's Collection",
    line: 'Evening gowns, wrap dresses and sharp sets.',
    image: '/images/products/gown-emerald.svg',
    to: paths.women,
  },
  {
    title: "Men's Collection",
    line: 'Tailored jackets, linen shirts and clean sneakers.',
    image: '/images/products/jacket-camel.svg',
    to: paths.men,
  },
  {
    title: 'Heritage Collection',
    line: 'Kitenge, kikoy and Maasai beadwork, made in Kenya.',
    image: '/images/products/matching-set-kitenge-print.svg',
    to: paths.heritage,
  },
] as const

export function Collections() {
  return (
    <section aria-labelledby="fashion-collections" className={`home-section ${laterClass}`}>
      <div className="home-container">
        <SectionHeading
          id="fashion-collections"
          eyebrow="Collections"
          title="Fashion Collections"
        />
        <ul className="home-list collections__list">
          {collections.map((collection) => (
            <li key={collection.title}>
              <Link to={collection.to}>
                <div className="collection">
                  <div className="home-frame">
                    <Illustration src={collection.image} />
                  </div>
                  <div className="collection__body">
                    <span className="collection__title">{collection.title}</span>
                    <span className="collection__line">{collection.line}</span>
                    <span className="collection__explore" aria-hidden="true">
                      EXPLORE <ArrowRightIcon size={14} />
                    </span>
                  </div>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
