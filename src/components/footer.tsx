import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { paths } from '@/config/paths'
import { delivery, returnsPolicy, store } from '@/config/site'
import {
  CashIcon,
  ClockIcon,
  FacebookIcon,
  InstagramIcon,
  MailIcon,
  MapPinIcon,
  MobileMoneyIcon,
  PhoneIcon,
  TikTokIcon,
} from './icons'
import { Logo } from './logo'
import './footer.css'
import { groupDigits } from '@/lib/money'

const quickLinks = [
  { label: 'Women', to: paths.women },
  { label: 'Men', to: paths.men },
  { label: 'Kids', to: paths.kids },
  { label: 'Beauty', to: paths.beauty },
  { label: 'New Arrivals', to: paths.newArrivals },
  { label: 'Sale', to: paths.sale },
  { label: 'Designer Brands', to: paths.brands },
  { label: 'Our Story', to: paths.ourStory },
  { label: 'Blog', to: paths.blog },
] as const

const careLinks = [
  { label: 'Contact Us', to: paths.contact },
  { label: 'Shipping Info', to: paths.shippingInfo },
  { label: 'Returns', to: paths.returns },
  { label: 'Size Guide', to: paths.sizeGuide },
  { label: 'FAQ', to: paths.faq },
  { label: 'My Account', to: paths.account },
  { label: 'Become an Affiliate', to: paths.affiliateProgram },
  { label: 'Privacy Policy', to: paths.privacyPolicy },
  { label: 'Terms of Service', to: paths.termsOfService },
] as const

function LinkColumn({
  title,
  links,
}: {
  title: string
  links: readonly { label: string; to: (typeof quickLinks | typeof careLinks)[number]['to'] }[]
}) {
  return (
    <nav aria-label={title}>
      <h2 className="site-footer__heading">{title}</h2>
      <ul className="site-footer__list">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>
              <span className="site-footer__link">{link.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

function ContactLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="site-footer__contact">
      <div className="site-footer__contact-icon">{icon}</div>
      <div>{children}</div>
    </li>
  )
}

export interface FooterProps {
  /** The newsletter signup form. */
  newsletter?: ReactNode
  /** The demo button that fills the cart and wishlist with sample items. */
  demo?: ReactNode
}

/**
 * The site footer: newsletter, Quick Links, Customer Care, contact details and opening
 * hours, payment notes and the demo button. Interactive pieces that belong to features come in as slots.
 */
export function Footer({ newsletter, demo }: FooterProps) {
  return (
    <footer className="site-footer">
      {newsletter ? (
        <div className="site-footer__newsletter">
          <div className="site-footer__container site-footer__newsletter-inner">
            <div className="site-footer__newsletter-copy">
              <h2 className="site-footer__newsletter-title">Stay in style</h2>
              <p className="site-footer__newsletter-text">
                New arrivals, exclusive offers and style notes from Nairobi, straight to your inbox.
              </p>
            </div>
            <div className="site-footer__newsletter-form">{newsletter}</div>
          </div>
        </div>
      ) : null}

      <div className="site-footer__container site-footer__grid">
        <div className="site-footer__wide">
          <Logo variant="full" tone="light" size="md" align="start" />
          <p className="site-footer__about">
            Premium fashion, shoes, bags, jewelry, beauty and watches, chosen in Nairobi and
            delivered across Kenya.
          </p>
          <div className="site-footer__social">
            <div className="site-footer__social-icons" aria-hidden="true">
              <InstagramIcon />
              <FacebookIcon />
              <TikTokIcon />
            </div>
            <span>Follow us @luxekenya</span>
          </div>
        </div>

        <LinkColumn title="Quick Links" links={quickLinks} />
        <LinkColumn title="Customer Care" links={careLinks} />

        <div className="site-footer__wide">
          <h2 className="site-footer__heading">Visit &amp; Contact</h2>
          <address className="site-footer__address">
            <ul className="site-footer__list">
              <ContactLine icon={<MapPinIcon size={18} />}>{store.address}</ContactLine>
              <ContactLine icon={<PhoneIcon size={18} />}>
                <a href={`tel:${store.phoneE164}`}>{store.phoneDisplay}</a>
              </ContactLine>
              <ContactLine icon={<MailIcon size={18} />}>
                <a href={`mailto:${store.email}`}>{store.email}</a>
              </ContactLine>
              <ContactLine icon={<ClockIcon size={18} />}>
                {store.openingHours.map((line) => (
                  <span key={line.days} className="site-footer__hours">
                    {line.days} {line.hours}
                  </span>
                ))}
              </ContactLine>
            </ul>
          </address>
        </div>
      </div>

      <div className="site-footer__bottom">
        <div className="site-footer__container site-footer__bottom-inner">
          <div className="site-footer__payments">
            <span className="site-footer__payment">
              <MobileMoneyIcon size={18} /> M-Pesa
            </span>
            <span className="site-footer__payment">
              <CashIcon size={18} /> Cash on delivery
            </span>
            <span>
              Free delivery over KSh {groupDigits(delivery.freeFromKes)} · {returnsPolicy.days}-day
              returns
            </span>
          </div>
          {demo ? <div>{demo}</div> : null}
        </div>
        <p className="site-footer__copyright">
          © {new Date().getFullYear()} {store.name}. All rights reserved.
        </p>
      </div>
    </footer>
  )
}
