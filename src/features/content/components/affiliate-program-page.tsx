import { paths } from '@/config/paths'
import { affiliates, store } from '@/config/site'
import { formatPrice } from '@/lib/money'
import { ContentPage, Prose, Section } from './content-layout'
import { CtaLink } from './cta-link'
import './affiliate-program-page.css'

const percent = affiliates.defaultCommissionPercent
const exampleOrder = 20000
const exampleCommission = (exampleOrder * percent) / 100

const steps = [
  {
    title: 'Join',
    text: 'Create your free account and apply to become an affiliate. We confirm new affiliates within two working days.',
  },
  {
    title: 'Share',
    text: `Share your personal link on Instagram, TikTok, WhatsApp or your blog. A visit through it is remembered on the shopper's device for ${affiliates.codeLifetimeDays} days.`,
  },
  {
    title: 'Earn',
    text: `Earn ${percent}% of the order subtotal on every order paid within those ${affiliates.codeLifetimeDays} days, paid out to your M-Pesa.`,
  },
] as const

export function AffiliateProgramPage() {
  return (
    <ContentPage
      eyebrow="Affiliate program"
      title="Earn with every look you share"
      lead={`Love fashion and have a following? Recommend ${store.name} and earn ${percent}% commission on the orders you bring in, paid straight to your M-Pesa.`}
    >
      <ol className="affiliate-steps" aria-label="How it works">
        {steps.map((step, i) => (
          <li key={step.title} className="affiliate-steps__item">
            <span className="affiliate-steps__number" aria-hidden="true">
              {i + 1}
            </span>
            <h2 className="affiliate-steps__title">{step.title}</h2>
            <p className="affiliate-steps__text">{step.text}</p>
          </li>
        ))}
      </ol>

      <Prose>
        <Section title="How commission works">
          <ul>
            <li>
              You earn <strong>{percent}% of the paid order subtotal</strong>, the value of the
              items after discounts and before delivery. On a {formatPrice(exampleOrder, 'KSH')}{' '}
              order you earn {formatPrice(exampleCommission, 'KSH')}.
            </li>
            <li>
              The <strong>referral window is {affiliates.codeLifetimeDays} days</strong>: if a
              shopper arrives through your link and pays for an order within{' '}
              {affiliates.codeLifetimeDays} days, the order is yours.
            </li>
            <li>
              Commission counts only on <strong>paid orders</strong>. It is reversed if the order is
              cancelled or refunded, and it is not paid on orders you place yourself.
            </li>
            <li>
              <strong>Payouts by M-Pesa:</strong> your confirmed commission is paid to your
              registered M-Pesa number, and every payout shows in your affiliate dashboard.
            </li>
          </ul>
        </Section>

        <Section title="Who can join">
          <p>
            Anyone over 18 with a Kenyan M-Pesa number: stylists, content creators, bloggers, and
            customers who simply love recommending what they wear. Please be honest with your
            audience: say that your link earns you commission, and never bid on our name in search
            ads.
          </p>
        </Section>
      </Prose>

      <div className="affiliate-start">
        <h2 className="affiliate-start__title">Ready to start?</h2>
        <p className="affiliate-start__text">
          Sign in or create your free account first; you can apply from there.
        </p>
        <div className="affiliate-start__action">
          <CtaLink to={paths.auth} variant="gold">
            Become an affiliate
          </CtaLink>
        </div>
      </div>
    </ContentPage>
  )
}
