import type { ReactNode } from 'react'
import { store } from '@/config/site'
import { ContentPage, Prose, Section } from './content-layout'
import './heritage-page.css'

const crafts = [
  {
    name: 'Maasai beadwork',
    place: 'Kajiado and Narok',
    text: 'Glass beads stitched onto leather in patterns that speak of age, family and celebration. Red stands for bravery, blue for the sky, white for purity and green for the land. Our beaded sandals, collars and belts are made by women’s groups who set their own prices.',
  },
  {
    name: 'Kitenge and Ankara',
    place: 'Nairobi workroom',
    text: 'Bold wax prints bought bolt by bolt in Eastleigh and cut in our own workroom, matching the print at every seam. Kitenge is the cloth of East African celebrations; Ankara, born in West Africa, is worn proudly across the continent.',
  },
  {
    name: 'Kikoy',
    place: 'Lamu and the coast',
    text: 'Soft cotton woven on hand looms along the coast, striped and finished with twisted tassels. Once worn by Swahili fishermen, it is now a sarong, a towel, a scarf and, in our hands, shorts, kaftans and beach totes.',
  },
  {
    name: 'Kiondo baskets',
    place: 'Machakos and Kitui',
    text: 'Sisal stripped, dyed and twined by Kamba women into strong, flexible baskets. A large kiondo takes about a week to weave; leather handles make it a bag for life.',
  },
  {
    name: 'Brass, horn and bone',
    place: 'Kariokor Market, Nairobi',
    text: 'Smiths at Kariokor hammer recycled brass into cuffs and spirals, and carve horn and bone, by-products of the meat trade, into earrings with a warm, natural polish.',
  },
  {
    name: 'Leather and akala',
    place: 'Lamu Old Town and Nairobi',
    text: 'Lamu leather workers cut and stitch sandals by hand, as they have for generations, while Nairobi’s akala makers turn retired tyres into soles that last for years of walking.',
  },
] as const

/**
 * The heritage story. `children` is the slot for the heritage product strip (products tagged
 * `heritage`), composed by the route so this feature does not depend on the catalogue's components.
 */
export function HeritagePage({ children }: { children?: ReactNode }) {
  return (
    <ContentPage
      wide
      eyebrow="Kenyan heritage"
      title="Crafted in Kenya, worn everywhere"
      lead={`Kenya has some of the finest craft traditions in Africa. ${store.name}'s heritage collection turns the beadwork, prints, weaving, brass and leather of the people who keep these traditions alive into pieces made for everyday life.`}
    >
      <ul className="heritage-crafts">
        {crafts.map((craft) => (
          <li key={craft.name} className="heritage-crafts__item">
            <article>
              <h2 className="content-heading">{craft.name}</h2>
              <p className="heritage-crafts__place">{craft.place}</p>
              <p className="heritage-crafts__text">{craft.text}</p>
            </article>
          </li>
        ))}
      </ul>

      <Prose className="heritage-page__makers">
        <Section title="How we work with makers">
          <ul>
            <li>We visit every group we buy from, and agree prices before the work starts.</li>
            <li>Makers are paid when they deliver the pieces, not when we sell them.</li>
            <li>Where they wish, the group’s name travels with the piece on its label.</li>
            <li>
              Heritage pieces are handmade, so colours and patterns vary a little from one to the
              next: that is the point.
            </li>
          </ul>
        </Section>
      </Prose>

      {/* Slot: the heritage product strip, rendered below the story when the route provides it. */}
      {children ? (
        <section className="heritage-page__shop" aria-label="Shop the heritage collection">
          {children}
        </section>
      ) : null}
    </ContentPage>
  )
}
