import { Box } from '@chakra-ui/react/box'
import {
  DialogBackdrop,
  DialogBody,
  DialogCloseTrigger,
  DialogContent,
  DialogDescription,
  DialogPositioner,
  DialogRoot,
  DialogTitle,
} from '@chakra-ui/react/dialog'
import { Flex } from '@chakra-ui/react/flex'
import { Portal } from '@chakra-ui/react/portal'
import { chakra } from '@chakra-ui/react/styled-system'
import { useId, useRef, useState, type FormEvent } from 'react'
import { CloseIcon, GiftIcon } from '@/components/icons'
import { notify } from '@/components/toaster'
import { WelcomeCodeNotice } from '@/components/welcome-code-notice'
import { promotions, store } from '@/config/site'
import type { WelcomeCode } from '@/lib/welcome-offer'

/** What the shopper wants to hear about; women is preselected. */
export const emailPreferences = [
  { value: 'women', label: 'Women' },
  { value: 'men', label: 'Men' },
  { value: 'accessories', label: 'Accessories' },
  { value: 'shoes', label: 'Shoes' },
  { value: 'bags', label: 'Bags' },
] as const
export type EmailPreference = (typeof emailPreferences)[number]['value']

const fieldFocus = {
  outline: '2px solid',
  outlineColor: 'brand.gold',
  outlineOffset: '2px',
} as const

/**
 * The first-visit offer dialog. Accepting with an address subscribes it and issues its welcome code
 * (emailed, and shown once on the page after the dialog closes); accepting without one asks for it and stays open; declining and
 * closing just close. Accepting calls `onAccepted` and every way out `onDone`: both record that this
 * device has seen it.
 */
export function EmailPopup({
  onDone,
  onAccepted,
}: {
  onDone: () => void
  onAccepted?: () => void
}) {
  const [open, setOpen] = useState(true)
  const [email, setEmail] = useState('')
  const [sending, setSending] = useState(false)
  const [welcome, setWelcome] = useState<WelcomeCode | null>(null)
  const [preference, setPreference] = useState<EmailPreference>('women')
  const [agreed, setAgreed] = useState(true)
  const emailRef = useRef<HTMLInputElement>(null)
  const ids = useId()

  const close = () => {
    setOpen(false)
    onDone()
  }

  const accept = async (event: FormEvent) => {
    event.preventDefault()
    if (sending) return
    if (email.trim() === '') {
      notify({
        title: 'Email required',
        description: 'Please enter your email to get the offer',
        type: 'error',
      })
      emailRef.current?.focus()
      return
    }
    setSending(true)
    const { claimWelcomeOffer } = await import('@/lib/welcome-offer')
    const result = await claimWelcomeOffer(email.trim(), crypto.randomUUID(), 'email-popup')
    setSending(false)
    if (!result.ok) {
      notify(
        result.reason === 'invalid_email'
          ? { title: 'Invalid Email', description: result.message, type: 'error' }
          : {
              title: 'Subscription Failed',
              description: 'Something went wrong. Please try again.',
              type: 'error',
            },
      )
      emailRef.current?.focus()
      return
    }
    onAccepted?.()
    notify({
      title: `Welcome to ${store.name}!`,
      description: `Check your email for your ${promotions.emailOfferPercent}% OFF discount code!`,
      type: 'success',
    })
    // Accepting closes the dialog. A new code is also shown once on the page, until the shopper closes
    // it; an address that already had one was sent it then.
    if (result.welcome) {
      setWelcome(result.welcome)
      setOpen(false)
    } else close()
  }

  if (welcome)
    return (
      <chakra.aside
        aria-label="Your welcome code"
        position="fixed"
        insetX="4"
        bottom="4"
        zIndex="modal"
        maxW="sm"
        mx="auto"
        p="4"
        bg="white"
        borderWidth="1px"
        borderColor="brand.ink"
        boxShadow="lg"
      >
        <WelcomeCodeNotice welcome={welcome} />
        <chakra.button
          type="button"
          onClick={close}
          mt="3"
          w="full"
          h="11"
          bg="brand.ink"
          color="white"
          fontSize="xs"
          fontWeight="semibold"
          letterSpacing="0.18em"
          textTransform="uppercase"
          _hover={{ bg: 'brand.charcoal' }}
          _focusVisible={fieldFocus}
        >
          Start shopping
        </chakra.button>
      </chakra.aside>
    )

  return (
    <DialogRoot
      open={open}
      onOpenChange={(details) => {
        if (!details.open) close()
      }}
      placement="center"
      size="lg"
      initialFocusEl={() => emailRef.current}
    >
      <Portal>
        <DialogBackdrop bg="blackAlpha.700" />
        <DialogPositioner px="4">
          <DialogContent
            borderRadius="0"
            overflow="hidden"
            bg="white"
            maxH="calc(100dvh - 2rem)"
            overflowY="auto"
          >
            <DialogCloseTrigger asChild position="absolute" top="2" insetEnd="2" zIndex="1">
              <chakra.button
                type="button"
                aria-label="Close"
                display="inline-flex"
                alignItems="center"
                justifyContent="center"
                boxSize="11"
                borderRadius="full"
                color={{ base: 'white', md: 'brand.ink' }}
                _hover={{ bg: { base: 'whiteAlpha.200', md: 'brand.cream' } }}
              >
                <CloseIcon size={20} />
              </chakra.button>
            </DialogCloseTrigger>
            <Flex direction={{ base: 'column', md: 'row' }}>
              <Flex
                direction={{ base: 'row', md: 'column' }}
                justify={{ base: 'flex-start', md: 'center' }}
                align="center"
                gap={{ base: '3', md: '3' }}
                bg="brand.ink"
                backgroundImage="radial-gradient(circle at 30% 20%, rgba(212, 178, 90, 0.25), transparent 60%)"
                color="white"
                px={{ base: '6', md: '8' }}
                py={{ base: '4', md: '10' }}
                pe={{ base: '16', md: '8' }}
                w={{ md: '42%' }}
                textAlign={{ md: 'center' }}
                aria-hidden="true"
              >
                <Box color="brand.goldLight" display={{ base: 'none', md: 'block' }}>
                  <GiftIcon size={36} />
                </Box>
                <chakra.span
                  fontFamily="heading"
                  fontSize={{ base: '2rem', md: '4rem' }}
                  lineHeight="1"
                  color="brand.goldLight"
                >
                  {promotions.emailOfferPercent}%
                </chakra.span>
                <chakra.span fontSize="xs" letterSpacing="0.3em" fontWeight="semibold">
                  OFF YOUR FIRST ORDER
                </chakra.span>
              </Flex>

              <Box
                flex="1"
                px={{ base: '6', md: '8' }}
                py={{ base: '6', md: '8' }}
                position="relative"
              >
                <DialogTitle
                  fontFamily="heading"
                  fontSize={{ base: 'xl', md: '2xl' }}
                  fontWeight="semibold"
                  lineHeight="1.25"
                  pe={{ md: '8' }}
                >
                  Unlock {promotions.emailOfferPercent}% OFF your first order
                </DialogTitle>
                <DialogDescription mt="2" fontSize="sm" color="brand.muted">
                  Join the {store.name} list for early access to new arrivals and a welcome code.
                </DialogDescription>

                <DialogBody p="0" mt={{ base: '4', md: '5' }}>
                  <chakra.form
                    onSubmit={(event) => void accept(event)}
                    noValidate
                    aria-busy={sending}
                  >
                    <chakra.label
                      htmlFor={`${ids}-email`}
                      display="block"
                      fontSize="sm"
                      fontWeight="medium"
                    >
                      Email address
                    </chakra.label>
                    <chakra.input
                      ref={emailRef}
                      id={`${ids}-email`}
                      type="email"
                      inputMode="email"
                      autoComplete="email"
                      placeholder="you@example.com"
                      value={email}
                      onChange={(event) => setEmail(event.target.value)}
                      mt="1"
                      w="full"
                      h="12"
                      px="4"
                      fontSize="md"
                      borderWidth="1px"
                      borderColor="brand.ink"
                      _focusVisible={fieldFocus}
                    />

                    <chakra.fieldset mt={{ base: '3', md: '4' }} border="0" p="0">
                      <chakra.legend fontSize="sm" fontWeight="medium">
                        I&apos;m shopping for
                      </chakra.legend>
                      <Flex mt="2" gap="2" wrap="wrap">
                        {emailPreferences.map((option) => (
                          <chakra.label
                            key={option.value}
                            display="inline-flex"
                            alignItems="center"
                            gap="2"
                            minH="11"
                            px="3"
                            borderWidth="1px"
                            borderColor={preference === option.value ? 'brand.ink' : 'brand.line'}
                            bg={preference === option.value ? 'brand.cream' : 'white'}
                            fontSize="sm"
                            cursor="pointer"
                            _focusWithin={fieldFocus}
                          >
                            <chakra.input
                              type="radio"
                              name={`${ids}-preference`}
                              value={option.value}
                              checked={preference === option.value}
                              onChange={() => setPreference(option.value)}
                              accentColor="brand.ink"
                              boxSize="4"
                            />
                            {option.label}
                          </chakra.label>
                        ))}
                      </Flex>
                    </chakra.fieldset>

                    <chakra.label
                      display="flex"
                      alignItems="flex-start"
                      gap="2"
                      mt="4"
                      fontSize="sm"
                    >
                      <chakra.input
                        type="checkbox"
                        checked={agreed}
                        onChange={(event) => setAgreed(event.target.checked)}
                        accentColor="brand.ink"
                        boxSize="4"
                        mt="0.5"
                        flexShrink={0}
                      />
                      I agree to receive emails from {store.name} and accept the terms of service.
                    </chakra.label>
                    <chakra.p mt="2" fontSize="xs" color="brand.muted">
                      Offer valid for new subscribers only.
                    </chakra.p>

                    <chakra.button
                      type="submit"
                      mt={{ base: '4', md: '5' }}
                      w="full"
                      h="12"
                      bg="brand.ink"
                      color="white"
                      fontSize="xs"
                      fontWeight="semibold"
                      letterSpacing="0.18em"
                      textTransform="uppercase"
                      _hover={{ bg: 'brand.charcoal' }}
                      disabled={sending}
                    >
                      Get {promotions.emailOfferPercent}% Off
                    </chakra.button>
                    <chakra.button
                      type="button"
                      onClick={close}
                      mt="2"
                      w="full"
                      minH="11"
                      fontSize="sm"
                      color="brand.muted"
                      textDecoration="underline"
                      textUnderlineOffset="3px"
                      _hover={{ color: 'brand.ink' }}
                    >
                      I Will Pay Full Price
                    </chakra.button>
                  </chakra.form>
                </DialogBody>
              </Box>
            </Flex>
          </DialogContent>
        </DialogPositioner>
      </Portal>
    </DialogRoot>
  )
}
