import { Link } from '@tanstack/react-router'
import { paths } from '@/config/paths'
import { affiliates, money, returnsPolicy, store } from '@/config/site'
import { ContentPage, Prose, Section } from './content-layout'

export function TermsOfServicePage() {
  return (
    <ContentPage
      eyebrow="Policies"
      title="Terms of service"
      lead={`The terms that apply when you use the ${store.name} website and app and when you buy from us.`}
    >
      <Prose>
        <p>
          <strong>Last updated: November 2026.</strong> By using this site or placing an order you
          agree to these terms. They do not affect your rights under the Consumer Protection Act,
          2012 or any other law of Kenya.
        </p>

        <Section title="Your account">
          <p>
            You can shop as a guest or with an account. Keep your password to yourself and tell us
            straight away if you think someone else has used your account. You must be 18 or older
            to open an account or place an order.
          </p>
        </Section>

        <Section title="Prices and availability">
          <ul>
            <li>
              All prices are in Kenyan shillings and include VAT. Amounts shown in US dollars are a
              guide only, at {money.kesPerUsd} shillings to the dollar; you always pay in shillings.
            </li>
            <li>
              The price, any discount, the delivery fee and the stock available are confirmed when
              you place your order, and that confirmed total is what you pay. If a price changed or
              an item sold out while it was in your cart, we tell you before you pay.
            </li>
            <li>
              We try hard to describe and picture every item accurately. Product pictures are
              illustrations; colours and details may differ slightly from the piece itself.
            </li>
          </ul>
        </Section>

        <Section title="Orders and payment">
          <p>
            Your order is a request to buy. A contract is made when we confirm your order after
            payment by M-Pesa, or when we confirm a cash-on-delivery order by phone. We may decline
            or cancel an order, for example when an item is unavailable or a payment fails; if you
            have paid, you are refunded in full.
          </p>
        </Section>

        <Section title="Delivery and returns">
          <p>
            Delivery fees, areas and times are set out on our{' '}
            <Link to={paths.shippingInfo}>shipping information</Link> page. Risk passes to you when
            the parcel is handed over. You may return items within {returnsPolicy.days} days as
            described in our <Link to={paths.returns}>returns policy</Link>.
          </p>
        </Section>

        <Section title="Affiliate program">
          <p>
            Affiliates earn {affiliates.defaultCommissionPercent}% of the paid order subtotal for
            orders placed within {affiliates.codeLifetimeDays} days of a visit through their link.
            Commission is earned on paid orders only, is reversed if an order is cancelled or
            refunded, and is not paid on your own orders. See the{' '}
            <Link to={paths.affiliateProgram}>affiliate program</Link> page for details.
          </p>
        </Section>

        <Section title="Fair use">
          <p>
            Do not misuse the site: no attempts to break its security, collect other shoppers' data,
            place fake orders or use automated tools to copy the catalogue. We may suspend accounts
            that do.
          </p>
        </Section>

        <Section title="Our content">
          <p>
            Text, illustrations and the {store.name} name and logo belong to us; brand names belong
            to their owners. You may share links to our pages, but not copy our content for
            commercial use without permission.
          </p>
        </Section>

        <Section title="Liability">
          <p>
            We are responsible for loss that is a foreseeable result of our breaking these terms or
            failing to use reasonable care. We are not responsible for loss that was not
            foreseeable, or for business losses. Nothing here limits liability that the law does not
            allow us to limit.
          </p>
        </Section>

        <Section title="Law and disputes">
          <p>
            These terms are governed by the laws of Kenya. If something goes wrong, please{' '}
            <Link to={paths.contact}>contact us</Link> first: most problems are solved in a day. Any
            dispute we cannot settle may be taken to the courts of Kenya.
          </p>
        </Section>
      </Prose>
    </ContentPage>
  )
}
