import type { ReactNode } from 'react'
import { ClockIcon, MailIcon, MapPinIcon, MessageIcon, PhoneIcon } from '@/components/icons'
import { paths } from '@/config/paths'
import { store } from '@/config/site'
import { ContactForm } from './contact-form'
import { ContentPage } from './content-layout'
import { TextLink } from './text-link'
import './contact-page.css'

function Detail({
  icon,
  title,
  children,
}: {
  icon: ReactNode
  title: string
  children: ReactNode
}) {
  return (
    <li className="contact-detail">
      <div className="contact-detail__icon" aria-hidden="true">
        {icon}
      </div>
      <div>
        <h3 className="contact-detail__title">{title}</h3>
        <div className="contact-detail__body">{children}</div>
      </div>
    </li>
  )
}

export function ContactPage() {
  return (
    <ContentPage
      wide
      eyebrow="Customer care"
      title="Contact us"
      lead="Questions about an order, a size or a gift? Our team in Nairobi answers by phone, WhatsApp and email, and in person at the showroom."
    >
      <div className="contact-page">
        <section aria-labelledby="contact-details-title">
          <h2 id="contact-details-title" className="contact-page__title">
            Reach us
          </h2>
          <address className="contact-page__address">
            <ul className="contact-page__details">
              <Detail icon={<PhoneIcon size={20} />} title="Call us">
                <a href={`tel:${store.phoneE164}`} className="contact-detail__link">
                  {store.phoneDisplay}
                </a>
              </Detail>
              <Detail icon={<MessageIcon size={20} />} title="WhatsApp">
                <a
                  href={`https://wa.me/${store.whatsapp}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="contact-detail__link"
                >
                  Chat with us on WhatsApp
                </a>
              </Detail>
              <Detail icon={<MailIcon size={20} />} title="Email">
                <a href={`mailto:${store.email}`} className="contact-detail__link">
                  {store.email}
                </a>
              </Detail>
              <Detail icon={<MapPinIcon size={20} />} title="Showroom">
                {store.address}
              </Detail>
              <Detail icon={<ClockIcon size={20} />} title="Opening hours">
                {store.openingHours.map((line) => (
                  <span key={line.days} className="contact-detail__line">
                    {line.days}: {line.hours}
                  </span>
                ))}
              </Detail>
            </ul>
          </address>
          <p className="contact-page__more">
            Many answers are already in our <TextLink to={paths.faq}>FAQ</TextLink>, and our{' '}
            <TextLink to={paths.shippingInfo}>delivery</TextLink> and{' '}
            <TextLink to={paths.returns}>returns</TextLink> pages.
          </p>
        </section>
        <div>
          <ContactForm />
        </div>
      </div>
    </ContentPage>
  )
}
