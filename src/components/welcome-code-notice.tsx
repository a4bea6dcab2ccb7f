import { chakra } from '@chakra-ui/react/styled-system'
import { formatPrice } from '@/lib/money'
import type { WelcomeCode } from '@/lib/welcome-offer'

/** The welcome code on screen right after signing up for it (it is also emailed). */
export function WelcomeCodeNotice({
  welcome,
  tone = 'light',
}: {
  welcome: WelcomeCode
  tone?: 'dark' | 'light'
}) {
  const dark = tone === 'dark'
  return (
    <chakra.div
      role="status"
      mt="3"
      p="3"
      borderWidth="1px"
      borderStyle="dashed"
      borderColor={dark ? 'brand.goldLight' : 'brand.ink'}
      color={dark ? 'white' : 'brand.ink'}
      fontSize="sm"
    >
      <chakra.p>
        Your {welcome.percent}% OFF code:{' '}
        <chakra.strong fontSize="md" letterSpacing="0.06em" data-testid="welcome-code">
          {welcome.code}
        </chakra.strong>
      </chakra.p>
      <chakra.p mt="1" color={dark ? 'whiteAlpha.800' : 'brand.muted'}>
        For your first order, up to {formatPrice(welcome.cap, 'KSH')} off. We&apos;ve emailed it to
        you too: enter it in your cart or at checkout.
      </chakra.p>
    </chakra.div>
  )
}
