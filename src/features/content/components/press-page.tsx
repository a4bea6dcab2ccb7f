import { Box } from '@chakra-ui/react/box'
import { chakra } from '@chakra-ui/react/styled-system'
import { Link } from '@tanstack/react-router'
import { paths } from '@/config/paths'
import { delivery, store } from '@/config/site'
import { ContentPage, Prose, Section } from './content-layout'
import { ksh } from './ksh'

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

      <Box as="section" mt="10" aria-labelledby="press-news-title">
        <chakra.h2
          id="press-news-title"
          fontFamily="heading"
          fontSize={{ base: 'xl', md: '2xl' }}
          color="brand.ink"
          mb="4"
        >
          Announcements
        </chakra.h2>
        <chakra.ul listStyleType="none" display="grid" gap="4">
          {announcements.map((item) => (
            <chakra.li key={item.title} borderWidth="1px" borderColor="brand.line" p="5">
              <chakra.article>
                <chakra.p fontSize="sm" color="brand.gold" fontWeight="semibold">
                  {item.date}
                </chakra.p>
                <chakra.h3 fontWeight="semibold" fontSize="lg" color="brand.ink" mt="1">
                  {item.title}
                </chakra.h3>
                <chakra.p mt="2" color="brand.charcoal">
                  {item.summary}
                </chakra.p>
              </chakra.article>
            </chakra.li>
          ))}
        </chakra.ul>
      </Box>

      <Prose mt="10">
        <p>
          Writing about Kenyan craft? Our <Link to={paths.heritage}>heritage page</Link> introduces
          the traditions and makers behind the collection.
        </p>
      </Prose>
    </ContentPage>
  )
}
