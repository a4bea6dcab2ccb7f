import { Flex } from '@chakra-ui/react/flex'
import { chakra } from '@chakra-ui/react/styled-system'
import { useContext, useId, useState, type FormEvent } from 'react'
import { ReactReduxContext } from 'react-redux'
import type { AppDispatch } from '@/lib/app-state'
import { notify } from '@/components/toaster'
import { VisuallyHidden } from '@/components/visually-hidden'
import { WelcomeCodeNotice } from '@/components/welcome-code-notice'
import { timings } from '@/config/site'
import type { WelcomeCode } from '@/lib/welcome-offer'
import type { SubscribeSource } from '../api/subscribe'

/** The spec's rule (§5): something was typed and it contains '@'. The server checks the rest. */
export function isAcceptableEmail(value: string): boolean {
  const email = value.trim()
  return email.length > 0 && email.includes('@')
}

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms))

export interface NewsletterFormProps {
  source: SubscribeSource
  /** `dark` for the ink footer, `light` for ivory sections. */
  tone?: 'dark' | 'light'
}

/**
 * Email field and Subscribe button (spec §4, §5, §8). While sending, the field and button are disabled
 * and the button reads 'Subscribing...'; the state lasts at least the spec's one second so it never
 * flickers. The address is stored through `subscribe()`, loaded only when someone subscribes.
 */
export function NewsletterForm({ source, tone = 'light' }: NewsletterFormProps) {
  const inputId = useId()
  const [email, setEmail] = useState('')
  const [submitting, setSubmitting] = useState(false)
  const [welcome, setWelcome] = useState<WelcomeCode | null>(null)
  const dark = tone === 'dark'
  // The app's store, when there is one: a sign-up that cannot reach the server then waits in the outbox.
  const redux = useContext(ReactReduxContext)

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (submitting) return
    if (!isAcceptableEmail(email)) {
      notify({
        title: 'Invalid Email',
        description: 'Please enter a valid email address.',
        type: 'error',
      })
      return
    }
    setSubmitting(true)
    const minimumWait = wait(timings.newsletterSimulatedWaitMs)
    const clientId = crypto.randomUUID()
    const result = await import('../api/subscribe')
      .then(({ subscribe }) => subscribe({ email: email.trim(), clientId, source }))
      .catch(() => ({ ok: false as const, reason: 'network' as const, retryable: true }))
    await minimumWait
    setSubmitting(false)
    if (!result.ok && result.retryable && redux) {
      // Same client id: if the first request did arrive, the server keeps one sign-up. The outbox loads
      // only now, so the form alone does not pull in the app's session code.
      const { enqueue } = await import('@/features/outbox/outbox')
      const dispatch = redux.store.dispatch as AppDispatch
      await dispatch(enqueue('newsletter', { email: email.trim(), source }, { id: clientId }))
      setEmail('')
      notify({
        title: 'Waiting to send',
        description: "You're offline. We'll subscribe you as soon as the connection returns.",
        type: 'info',
      })
    } else if (result.ok) {
      setEmail('')
      setWelcome(result.welcome)
      notify({
        title: 'Successfully Subscribed!',
        description: "You'll receive our latest fashion updates and exclusive offers.",
        type: 'success',
      })
    } else if (result.reason === 'invalid_email') {
      notify({
        title: 'Invalid Email',
        description: 'Please enter a valid email address.',
        type: 'error',
      })
    } else {
      notify({
        title: 'Subscription Failed',
        description: 'Something went wrong. Please try again.',
        type: 'error',
      })
    }
  }

  return (
    <chakra.form onSubmit={onSubmit} noValidate aria-label="Newsletter signup" w="full">
      <Flex direction={{ base: 'column', sm: 'row' }} gap="2">
        <chakra.label htmlFor={inputId} flex="1">
          <VisuallyHidden>Email address</VisuallyHidden>
          <chakra.input
            id={inputId}
            type="email"
            name="email"
            inputMode="email"
            autoComplete="email"
            placeholder="Enter your email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            disabled={submitting}
            w="full"
            h="12"
            px="4"
            fontSize="md"
            bg={dark ? 'transparent' : 'white'}
            color={dark ? 'white' : 'brand.ink'}
            borderWidth="1px"
            borderColor={dark ? 'whiteAlpha.500' : 'brand.ink'}
            borderRadius="0"
            _placeholder={{ color: dark ? 'whiteAlpha.700' : 'brand.muted' }}
            _disabled={{ opacity: 0.6, cursor: 'not-allowed' }}
            _focusVisible={{
              outline: '2px solid',
              outlineColor: dark ? 'brand.goldLight' : 'brand.gold',
              outlineOffset: '2px',
            }}
          />
        </chakra.label>
        <chakra.button
          type="submit"
          disabled={submitting}
          h="12"
          px="7"
          flexShrink={0}
          bg={dark ? 'brand.goldLight' : 'brand.ink'}
          color={dark ? 'brand.ink' : 'white'}
          fontSize="xs"
          fontWeight="semibold"
          letterSpacing="0.18em"
          textTransform="uppercase"
          _hover={{ bg: dark ? '#e2c572' : 'brand.charcoal' }}
          _disabled={{ opacity: 0.7, cursor: 'progress' }}
          _focusVisible={{
            outline: '2px solid',
            outlineColor: dark ? 'brand.goldLight' : 'brand.gold',
            outlineOffset: '2px',
          }}
        >
          {submitting ? 'Subscribing...' : 'Subscribe'}
        </chakra.button>
      </Flex>
      {welcome ? <WelcomeCodeNotice welcome={welcome} tone={tone} /> : null}
    </chakra.form>
  )
}
