import { Link } from '@tanstack/react-router'
import { paths } from '@/config/paths'
import { laterClass } from '@/lib/first-frame'
import { LabelMark } from './label-mark'
import { SectionHeading } from './section-heading'

/** Shop by brand: the house labels, each leading to its department. */
const labels = [
  {
    name: 'Atelier Homme',
    line: 'Tailoring, shirts and weekend essentials',
    to: paths.men,
    hue: '#1f2a47',
  },
  {
    name: 'Atelier Femme',
    line: 'Dresses, sets and evening wear',
    to: paths.women,
    hue: '#6e1b2c',
  },
  {
    name: 'Kitenge Edit',
    line: 'Bold Kenyan prints, made to be worn',
    to: paths.women,
    hue: '#94461f',
  },
  { name: 'Little Luxe', line: 'Playful pieces for ages 0 to 11', to: paths.kids, hue: '#17654a' },
  { name: 'Luxe Beauty', line: 'Skincare, fragrance and colour', to: paths.beauty, hue: '#5d3a85' },
] as const

export function BrandTiles() {
  return (
    <section
      aria-labelledby="shop-by-brand"
      className={`home-section home-section--cream ${laterClass}`}
    >
      <div className="home-container">
        <SectionHeading id="shop-by-brand" eyebrow="Our labels" title="Shop by Brand">
          Designed in Nairobi, made with Kenyan hands and the best of the world.
        </SectionHeading>
        <ul className="home-list brand-tiles__list">
          {labels.map((label) => (
            <li key={label.name}>
              <Link to={label.to}>
                <div
                  className="brand-tile"
                  style={{
                    backgroundImage: `linear-gradient(150deg, ${label.hue} 0%, #111111 78%)`,
                  }}
                >
                  <LabelMark name={label.name} hue={label.hue} />
                  <span className="brand-tile__name">{label.name}</span>
                  <span className="brand-tile__line">{label.line}</span>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
