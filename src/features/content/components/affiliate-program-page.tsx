import { Box } from '@chakra-ui/react/box'
import { Grid } from '@chakra-ui/react/grid'
import { chakra } from '@chakra-ui/react/styled-system'
import { paths } from '@/config/paths'
import { affiliates, store } from '@/config/site'
import { formatPrice } from '@/lib/money'
import { ContentPage, Prose, Section } from './content-layout'
import { CtaLink } from './cta-link'

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
      <Grid
        as="ol"
        listStyleType="none"
        templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }}
        gap="4"
        mb="10"
        aria-label="How it works"
      >
        {steps.map((step, i) => (
          <chakra.li
            key={step.title}
            borderWidth="1px"
            borderColor="brand.line"
            bg="brand.cream"
            p="5"
          >
            <chakra.span
              display="inline-flex"
              alignItems="center"
              justifyContent="center"
              boxSize="9"
              borderRadius="full"
              bg="brand.ink"
              color="brand.goldLight"
              fontWeight="semibold"
              aria-hidden="true"
            >
              {i + 1}
            </chakra.span>
            <chakra.h2 fontFamily="heading" fontSize="xl" color="brand.ink" mt="3">
              {step.title}
            </chakra.h2>
            <chakra.p mt="2" color="brand.charcoal">
              {step.text}
            </chakra.p>
          </chakra.li>
        ))}
      </Grid>

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

      <Box mt="10" p={{ base: '6', md: '8' }} bg="brand.ink" color="white">
        <chakra.h2 fontFamily="heading" fontSize={{ base: 'xl', md: '2xl' }}>
          Ready to start?
        </chakra.h2>
        <chakra.p mt="2" color="whiteAlpha.800">
          Sign in or create your free account first; you can apply from there.
        </chakra.p>
        <Box mt="5">
          <CtaLink to={paths.auth} variant="gold">
            Become an affiliate
          </CtaLink>
        </Box>
      </Box>
    </ContentPage>
  )
}
