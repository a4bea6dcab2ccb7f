import { formatPrice } from '@/lib/money'
import type { WelcomeCode } from '@/lib/welcome-offer'
import './welcome-code-notice.css'

/** The welcome code on screen right after signing up for it (it is also emailed). */
export function WelcomeCodeNotice({
  welcome,
  tone = 'light',
}: {
  welcome: WelcomeCode
  tone?: 'dark' | 'light'
}) {
  return (
    <div
      role="status"
      className={tone === 'dark' ? 'welcome-code welcome-code--dark' : 'welcome-code'}
    >
      <p>
        Your {welcome.percent}% OFF code:{' '}
        <strong className="welcome-code__code" data-testid="welcome-code">
          {welcome.code}
        </strong>
      </p>
      <p className="welcome-code__more">
        For your first order, up to {formatPrice(welcome.cap, 'KSH')} off. We&apos;ve emailed it to
        you too: enter it in your cart or at checkout.
      </p>
    </div>
  )
}
