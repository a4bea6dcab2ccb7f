import { Link } from '@tanstack/react-router'
import { paths } from '@/config/paths'
import { delivery, returnsPolicy, store } from '@/config/site'
import { ContentPage, Prose, Section } from './content-layout'
import { CtaLink } from './cta-link'
import { ksh } from './ksh'
import './about-page.css'

const facts = [
  { figure: store.enthusiasts, label: 'fashion enthusiasts shop with us' },
  { figure: '47', label: 'counties we deliver to' },
  { figure: `${returnsPolicy.days} days`, label: 'to change your mind' },
] as const

export function AboutPage() {
  return (
    <ContentPage
      eyebrow={`About ${store.name}`}
      title="Premium fashion, chosen in Nairobi for the way Kenya dresses"
      lead={`${store.name} brings together international designer pieces and the best of Kenyan craft: clothing, shoes, bags, jewellery, beauty and watches, delivered to every county and paid for with M-Pesa.`}
    >
      <ul className="about-facts" aria-label={`${store.name} in numbers`}>
        {facts.map((fact) => (
          <li key={fact.label} className="about-facts__item">
            <span className="about-facts__figure">{fact.figure}</span>
            <span className="about-facts__label">{fact.label}</span>
          </li>
        ))}
      </ul>

      <Prose>
        <Section title="What we do">
          <p>
            We buy for real lives: the Monday board meeting in Upper Hill, the ruracio in Nyeri, the
            Saturday wedding in Karen and the long weekend in Diani. Every piece on the site is
            chosen by our buying team in Nairobi, checked by hand when it arrives and photographed
            as it is.
          </p>
          <p>
            Next to names like Nike, Gucci, Rolex and Apple Watch you will find our own{' '}
            <strong>Luxe Kenya Atelier</strong> label, cut and sewn in Nairobi, and the work of
            makers we know by name: Maasai beaders in Kajiado and Narok, kiondo weavers in Machakos,
            brass smiths at Kariokor and leather workers in Lamu. You can read about them on our{' '}
            <Link to={paths.heritage}>heritage page</Link>.
          </p>
        </Section>

        <Section title="Authentic, every time">
          <p>
            Designer goods come from brand boutiques and authorised distributors only, with their
            original packaging, cards and receipts. Watches carry their manufacturer warranty. If a
            piece is not what we said it is, we take it back and refund you in full, whenever you
            find out.
          </p>
        </Section>

        <Section title="Shopping made for Kenya">
          <ul>
            <li>
              Pay by <strong>M-Pesa</strong> (an STK push straight to your phone) or cash on
              delivery.
            </li>
            <li>
              Free delivery on orders from {ksh(delivery.freeFromKes)}; otherwise{' '}
              {ksh(delivery.fees.nairobi)} in Nairobi, {ksh(delivery.fees.otherCounty)} to other
              counties or {ksh(delivery.fees.pickup)} to a pickup point.{' '}
              <Link to={paths.shippingInfo}>Delivery details</Link>.
            </li>
            <li>
              {returnsPolicy.days}-day returns, refunded to your M-Pesa.{' '}
              <Link to={paths.returns}>How returns work</Link>.
            </li>
            <li>
              Prices in Kenyan shillings, with a dollar view for visitors. Install the app to your
              home screen and browse the catalogue even when your data runs out.
            </li>
          </ul>
        </Section>

        <Section title="Visit the showroom">
          <p>
            Try things on, have a suit hemmed or a ring resized at our showroom at{' '}
            <strong>{store.address}</strong>. We are open{' '}
            {store.openingHours.map((line) => `${line.days} ${line.hours}`).join(', ')}.
          </p>
        </Section>
      </Prose>

      <div className="content-actions">
        <CtaLink to={paths.ourStory}>Read our story</CtaLink>
        <CtaLink to={paths.contact} variant="outline">
          Contact us
        </CtaLink>
      </div>
    </ContentPage>
  )
}
