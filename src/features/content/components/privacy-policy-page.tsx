import { Link } from '@tanstack/react-router'
import { paths } from '@/config/paths'
import { affiliates, store } from '@/config/site'
import { ContentPage, Prose, Section } from './content-layout'

export function PrivacyPolicyPage() {
  return (
    <ContentPage
      eyebrow="Policies"
      title="Privacy policy"
      lead={`How ${store.name} collects, uses and protects your personal data, and the rights you have under Kenya's Data Protection Act, 2019.`}
    >
      <Prose>
        <p>
          <strong>Last updated: November 2026.</strong> {store.name} (“we”, “us”) is the data
          controller for personal data collected through this website and app. We process personal
          data in line with the Data Protection Act, 2019 and the Data Protection (General)
          Regulations, 2021.
        </p>

        <Section title="What we collect">
          <ul>
            <li>
              <strong>Account details:</strong> your name, email address and password (stored only
              as a secure hash) when you create an account.
            </li>
            <li>
              <strong>Order details:</strong> the items you buy, your phone number, email, county,
              town, street or landmark, delivery notes, and your payment status.
            </li>
            <li>
              <strong>Payment details:</strong> the M-Pesa number you pay with and the M-Pesa
              transaction reference. We never see or store your M-Pesa PIN.
            </li>
            <li>
              <strong>Messages:</strong> what you send through the contact form, the newsletter
              sign-up and the shopping assistant chat.
            </li>
            <li>
              <strong>Affiliate details:</strong> if you join the affiliate program, your referral
              code, the orders credited to you and the M-Pesa number for payouts.
            </li>
          </ul>
        </Section>

        <Section title="Why we use it, and on what basis">
          <ul>
            <li>
              To take, deliver and support your orders, and to process refunds (performance of a
              contract).
            </li>
            <li>
              To keep tax and accounting records required by the Kenya Revenue Authority (legal
              obligation).
            </li>
            <li>
              To prevent fraud and keep the shop secure, for example by limiting repeated failed
              sign-ins (legitimate interest).
            </li>
            <li>
              To send newsletters and offers, only if you subscribe (consent, which you can withdraw
              at any time with the unsubscribe link).
            </li>
          </ul>
        </Section>

        <Section title="What stays on your device">
          <p>
            Your cart, wishlist, preferred currency and any referral code are kept in your browser's
            storage on your own device so the shop works offline. A referral code expires after{' '}
            {affiliates.codeLifetimeDays} days. If you sign in, your session is kept in your browser
            until you sign out. We do not use advertising cookies or third-party trackers. Clearing
            your browser's site data removes all of this.
          </p>
        </Section>

        <Section title="Who we share it with">
          <p>
            We share only what each partner needs to do their part, never for their own marketing:
          </p>
          <ul>
            <li>Safaricom, to process M-Pesa payments and refunds;</li>
            <li>our riders and courier partners, to deliver your parcel;</li>
            <li>our hosting and database provider, which stores data for us under contract;</li>
            <li>authorities, when the law requires it.</li>
          </ul>
          <p>
            Some of our service providers may store data outside Kenya. When they do, we rely on the
            safeguards the Act requires, such as contracts that protect your data to the same
            standard.
          </p>
        </Section>

        <Section title="How long we keep it">
          <p>
            Order and payment records are kept for seven years for tax purposes. Account details are
            kept while your account is open and deleted within 90 days of closing it, except what we
            must keep by law. Contact messages are deleted after two years. Newsletter addresses are
            removed as soon as you unsubscribe.
          </p>
        </Section>

        <Section title="Your rights">
          <p>Under the Data Protection Act, 2019 you have the right to:</p>
          <ul>
            <li>be informed of how your personal data is used;</li>
            <li>access the personal data we hold about you;</li>
            <li>object to processing, including direct marketing;</li>
            <li>have false or misleading data corrected;</li>
            <li>have data deleted where we have no lawful reason to keep it;</li>
            <li>receive your data in a portable format.</li>
          </ul>
          <p>
            To use any of these rights, email <a href={`mailto:${store.email}`}>{store.email}</a> or{' '}
            <Link to={paths.contact}>contact us</Link>. We reply within the time the law sets. If
            you are unhappy with our answer you may complain to the Office of the Data Protection
            Commissioner (ODPC).
          </p>
        </Section>

        <Section title="Security">
          <p>
            Data travels over encrypted connections, passwords are hashed, and access to order data
            is limited to the staff who need it. Each account can see only its own orders. If a
            breach ever puts your data at risk, we will notify you and the Data Commissioner as the
            Act requires.
          </p>
        </Section>

        <Section title="Children">
          <p>
            Our shop is for adults. We do not knowingly collect data from children under 18; parents
            buying for their children order in their own name.
          </p>
        </Section>

        <Section title="Changes to this policy">
          <p>
            When we change this policy we update the date at the top, and tell account holders by
            email about any important change.
          </p>
        </Section>
      </Prose>
    </ContentPage>
  )
}
