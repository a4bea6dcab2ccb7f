import { Link } from '@tanstack/react-router'
import { paths } from '@/config/paths'
import { delivery, store } from '@/config/site'
import { ContentPage, Prose, Section } from './content-layout'
import { ksh } from './ksh'
import './card-list.css'

const announcements = [
  {
    date: 'November 2026',
    title: 'The Luxe Kenya app now works offline',
    summary:
      'Shoppers can install the store to their home screen, browse and search the full catalogue without data, and pay with M-Pesa once they are back online.',
  },
  {
    date: 'September 2026',
    title: 'Heritage collection expands with Kajiado and Machakos makers',
    summary:
      'New beaded sandals, collars and belts from Maasai women beaders, and kiondo baskets woven by Kamba women, join the Luxe Kenya heritage collection.',
  },
  {
    date: 'June 2026',
    title: 'Free delivery to all 47 counties',
    summary: `Orders from ${ksh(delivery.freeFromKes)} now travel free to every county in Kenya, with pickup points for customers outside the major towns.`,
  },
  {
    date: 'March 2026',
    title: 'A luxury and smart watch corner opens in Karen',
    summary:
      'The showroom adds a watch corner with pieces from Rolex, Omega, Cartier and TAG Heuer Connected alongside Apple Watch, Garmin and Samsung Galaxy Watch.',
  },
] as const

export function PressPage() {
  return (
    <ContentPage
      eyebrow="Press"
      title="Press and media"
      lead={`News, facts and contacts for journalists, stylists and partners writing about ${store.name}.`}
    >
      <Prose>
        <Section title="Press contact">
          <p>
            For interviews, images, samples for shoots and partnership requests, email{' '}
            <a href={`mailto:${store.email}`}>{store.email}</a> with “Press” in the subject line, or
            call {store.phoneDisplay}. We answer media requests within one working day.
          </p>
        </Section>

        <Section title="Fast facts">
          <ul>
            <li>Premium fashion and accessories store based in Nairobi, Kenya.</li>
            <li>Showroom: {store.address}.</li>
            <li>
              Categories: women, men, kids, beauty, shoes, bags, jewellery, accessories, luxury
              watches and smart watches.
            </li>
            <li>Delivers to all 47 counties; payment by M-Pesa or cash on delivery.</li>
            <li>
              Own label, Luxe Kenya Atelier, made in Nairobi; a heritage collection from Kenyan
              artisans.
            </li>
            <li>More than {store.enthusiasts} fashion enthusiasts in our community.</li>
          </ul>
        </Section>
      </Prose>

      <section className="content-block" aria-labelledby="press-news-title">
        <h2 id="press-news-title" className="content-heading card-list__heading">
          Announcements
        </h2>
        <ul className="card-list">
          {announcements.map((item) => (
            <li key={item.title} className="card-list__item">
              <article>
                <p className="card-list__meta">{item.date}</p>
                <h3 className="card-list__title">{item.title}</h3>
                <p className="card-list__text">{item.summary}</p>
              </article>
            </li>
          ))}
        </ul>
      </section>

      <Prose className="content-block">
        <p>
          Writing about Kenyan craft? Our <Link to={paths.heritage}>heritage page</Link> introduces
          the traditions and makers behind the collection.
        </p>
      </Prose>
    </ContentPage>
  )
}
