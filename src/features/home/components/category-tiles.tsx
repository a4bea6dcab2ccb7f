import { Link, linkOptions } from '@tanstack/react-router'
import { laterClass } from '@/lib/first-frame'
import { Illustration, SectionHeading } from './section-heading'

/** Shop by category. */
const categories = [
  {
    label: 'Dresses',
    image: '/images/products/dress-kitenge-print.svg',
    link: linkOptions({ to: '/products/$category', params: { category: 'dresses' } }),
  },
  {
    label: 'Matching Sets',
    image: '/images/products/matching-set-ankara-print.svg',
    link: linkOptions({ to: '/products/$category', params: { category: 'matching-sets' } }),
  },
  {
    label: 'Tops',
    image: '/images/products/top-ivory.svg',
    link: linkOptions({ to: '/products/$category', params: { category: 'tops' } }),
  },
  {
    label: 'Bottoms',
    image: '/images/products/trousers-khaki.svg',
    link: linkOptions({ to: '/products/$category', params: { category: 'bottoms' } }),
  },
  {
    label: 'Shoes',
    image: '/images/products/heel-champagne.svg',
    link: linkOptions({ to: '/shoes-store' }),
  },
  {
    label: 'Accessories',
    image: '/images/products/handbag-black.svg',
    link: linkOptions({ to: '/accessories' }),
  },
]

export function CategoryTiles() {
  return (
    <section aria-labelledby="shop-by-category" className={`home-section ${laterClass}`}>
      <div className="home-container">
        <SectionHeading id="shop-by-category" eyebrow="Curated for you" title="Shop by Category" />
        <ul className="home-list category-tiles__list">
          {categories.map((category) => (
            <li key={category.label}>
              <Link {...category.link}>
                <div className="home-frame">
                  <Illustration src={category.image} />
                </div>
                <span className="category-tiles__label">{category.label}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
