import { Box } from '@chakra-ui/react/box'
import { Spinner } from '@chakra-ui/react/spinner'
import { chakra } from '@chakra-ui/react/styled-system'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { useAppDispatch, useAppSelector } from '@/lib/app-state'
import { buttonLinkStyle } from '@/components/button-link'
import { CheckIcon } from '@/components/icons'
import { notify } from '@/components/toaster'
import { store } from '@/config/site'
import type { AuthMode } from '../auth-search'
import {
  linkErrorDismissed,
  passwordRecoveryFinished,
  selectAuthReady,
  selectAuthUser,
  selectLinkError,
  selectPasswordRecovery,
  sessionChanged,
  startAuth,
} from '../auth-slice'
import { toAuthUser } from '../auth-session'
import { useOnlineStatus } from '@/lib/use-online-status'
import { ForgotPasswordForm } from './forgot-password-form'
import { OfflineNotice, TextButton } from './form-parts'
import { NewPasswordForm } from './new-password-form'
import { CodeForm } from '@/components/two-step'
import { assurance, SIGN_IN_ENDED } from '@/lib/two-step'
import { SignInForm } from './sign-in-form'
import { SignUpForm } from './sign-up-form'
import type { User } from '@supabase/supabase-js'
import { Notice } from '@/components/ui/notice'

const headings: Record<AuthMode, string> = {
  signin: 'Welcome back',
  signup: 'Create your account',
  forgot: 'Reset your password',
  reset: 'Set a new password',
}

const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? ''

/**
 * /auth: sign in, create an account, ask for a reset link, or (from that link) set a new password.
 * Afterwards the shopper goes back where they came from (`redirect`, a same-site path) or to /account.
 */
export function AuthPage({ mode = 'signin', redirect }: { mode?: AuthMode; redirect?: string }) {
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const ready = useAppSelector(selectAuthReady)
  const user = useAppSelector(selectAuthUser)
  const recovering = useAppSelector(selectPasswordRecovery)
  const linkError = useAppSelector(selectLinkError)
  const online = useOnlineStatus()
  // Pressing a button while offline: the notice at the top turns into an alert and takes the focus.
  // (Inline rather than a toast: the toast machinery may not have loaded before the connection went.)
  const [triedOffline, setTriedOffline] = useState(false)
  const offlineNotice = useRef<HTMLDivElement>(null)
  const onOffline = () => {
    setTriedOffline(true)
    requestAnimationFrame(() => offlineNotice.current?.focus())
  }
  const leaving = useRef(false)
  const [typedEmail, setTypedEmail] = useState('')
  const target = redirect ?? '/account'

  useEffect(() => {
    dispatch(startAuth())
  }, [dispatch])

  const setMode = (next: AuthMode) => {
    if (linkError) dispatch(linkErrorDismissed())
    void navigate({
      to: '/auth',
      search: { ...(next === 'signin' ? {} : { mode: next }), ...(redirect ? { redirect } : {}) },
      replace: true,
    })
  }

  const leave = () => {
    leaving.current = true
    void navigate({ href: target, replace: true })
  }

  // An account with an authenticator app signs in in two steps: the password, then a code.
  const [secondStep, setSecondStep] = useState<{ user: User; factorId: string } | null>(null)
  const [signInEnded, setSignInEnded] = useState(false)

  const onPasswordAccepted = async (signedIn: User) => {
    setSignInEnded(false)
    const level = await assurance().catch(() => null)
    if (level?.factorId && level.current === 'aal1' && level.next === 'aal2') {
      setSecondStep({ user: signedIn, factorId: level.factorId })
      return
    }
    onSignedIn(signedIn, 'Signed in')
  }

  const onSignedIn = (signedIn: User, title: string) => {
    const known = toAuthUser(signedIn)
    dispatch(sessionChanged(known))
    const name = firstName(known.fullName)
    notify({ title, description: name ? `Good to see you, ${name}.` : undefined, type: 'success' })
    leave()
  }

  // Arriving signed in with somewhere to go (e.g. from checkout): go on without asking again. Only on
  // arrival: a sign-in made here navigates once, from its own handler, never twice in a race.
  const alreadySignedIn = ready && user !== null && mode !== 'reset' && !recovering
  const [arrivedSignedIn, setArrivedSignedIn] = useState<boolean | null>(null)
  if (arrivedSignedIn === null && ready) setArrivedSignedIn(alreadySignedIn)
  useEffect(() => {
    if (arrivedSignedIn && alreadySignedIn && redirect && !leaving.current) {
      leaving.current = true
      void navigate({ href: redirect, replace: true })
    }
  }, [arrivedSignedIn, alreadySignedIn, redirect, navigate])

  let body: ReactNode
  let heading = headings[mode]
  if (mode === 'reset' || (recovering && user)) {
    heading = headings.reset
    if (!ready) {
      body = (
        <chakra.div role="status" display="flex" alignItems="center" gap="3" py="6">
          <Spinner size="sm" color="brand.gold" />
          Checking your reset link…
        </chakra.div>
      )
    } else if (user) {
      body = (
        <NewPasswordForm
          email={user.email}
          onOffline={onOffline}
          onSaved={() => {
            dispatch(passwordRecoveryFinished())
            notify({
              title: 'Password updated',
              description: 'You are signed in with your new password.',
              type: 'success',
            })
            leave()
          }}
        />
      )
    } else {
      body = (
        <Box display="grid" gap="5">
          <Notice tone="error" role="alert" title="This reset link cannot be used">
            {linkError ?? 'Email link is invalid or has expired'}. Ask for a new link below.
          </Notice>
          <ForgotPasswordForm redirect={redirect} onOffline={onOffline} />
        </Box>
      )
    }
  } else if (secondStep) {
    heading = 'Two-step sign-in'
    body = (
      <Box display="grid" gap="5">
        <chakra.p color="brand.charcoal">
          Enter the 6-digit code from your authenticator app to finish signing in.
        </chakra.p>
        <CodeForm
          factorId={secondStep.factorId}
          onVerified={() => onSignedIn(secondStep.user, 'Signed in')}
          onSignInEnded={() => {
            setSecondStep(null)
            setSignInEnded(true)
          }}
        />
      </Box>
    )
  } else if (alreadySignedIn && arrivedSignedIn !== false) {
    heading = 'You are signed in'
    body = <SignedInPanel email={user.email} />
  } else if (mode === 'forgot') {
    body = (
      <Box display="grid" gap="4">
        <ForgotPasswordForm initialEmail={typedEmail} redirect={redirect} onOffline={onOffline} />
        <TextButton onClick={() => setMode('signin')}>Back to sign in</TextButton>
      </Box>
    )
  } else {
    body = (
      <>
        <ModeTabs mode={mode} onChange={setMode} />
        <Box id="auth-panel" role="tabpanel" aria-labelledby={`auth-tab-${mode}`} pt="6">
          {linkError ? (
            <Box mb="5">
              <Notice tone="error" role="alert" title="That email link did not work">
                {linkError}.
              </Notice>
            </Box>
          ) : null}
          {signInEnded && mode === 'signin' ? (
            <Box mb="5">
              <Notice tone="error" role="alert" title="Sign in again">
                {SIGN_IN_ENDED}
              </Notice>
            </Box>
          ) : null}
          {mode === 'signup' ? (
            <SignUpForm
              onOffline={onOffline}
              onSignedUp={(created) => onSignedIn(created, `Welcome to ${store.name}!`)}
            />
          ) : (
            <SignInForm
              onOffline={onOffline}
              onSignedIn={(signedIn) => void onPasswordAccepted(signedIn)}
              onForgotPassword={(email) => {
                setTypedEmail(email)
                setMode('forgot')
              }}
            />
          )}
        </Box>
      </>
    )
  }

  return (
    <Box
      maxW="5xl"
      mx="auto"
      px={{ base: '4', md: '6' }}
      py={{ base: '8', md: '14' }}
      display="grid"
      gridTemplateColumns={{ base: '1fr', lg: '5fr 6fr' }}
      gap={{ base: '8', lg: '0' }}
      alignItems="stretch"
    >
      <BrandPanel />
      <Box
        bg="white"
        borderWidth="1px"
        borderColor="brand.line"
        px={{ base: '5', sm: '8', md: '10' }}
        py={{ base: '7', md: '10' }}
      >
        <chakra.p
          fontSize="xs"
          fontWeight="semibold"
          letterSpacing="0.2em"
          textTransform="uppercase"
          color="brand.gold"
          mb="2"
        >
          My account
        </chakra.p>
        <chakra.h1
          fontFamily="heading"
          fontSize={{ base: '2xl', md: '3xl' }}
          color="brand.ink"
          mb="6"
        >
          {heading}
        </chakra.h1>
        {!online ? (
          <Box mb="6" ref={offlineNotice} tabIndex={-1} outline="none">
            <OfflineNotice attempted={triedOffline} />
          </Box>
        ) : null}
        {body}
      </Box>
    </Box>
  )
}

/** Sign in / Create account as tabs (arrow keys move between them, as for any tab list). */
function ModeTabs({
  mode,
  onChange,
}: {
  mode: AuthMode
  onChange: (mode: 'signin' | 'signup') => void
}) {
  const tabs = [
    { mode: 'signin', label: 'Sign in' },
    { mode: 'signup', label: 'Create account' },
  ] as const
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return
    event.preventDefault()
    const next = mode === 'signup' ? 'signin' : 'signup'
    const chosen = event.key === 'Home' ? 'signin' : event.key === 'End' ? 'signup' : next
    onChange(chosen)
    document.getElementById(`auth-tab-${chosen}`)?.focus()
  }
  return (
    <chakra.div
      role="tablist"
      aria-label="Sign in or create an account"
      display="grid"
      gridTemplateColumns="1fr 1fr"
      borderBottomWidth="1px"
      borderColor="brand.line"
    >
      {tabs.map((tab) => {
        const selected = tab.mode === mode
        return (
          <chakra.button
            key={tab.mode}
            id={`auth-tab-${tab.mode}`}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls="auth-panel"
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.mode)}
            onKeyDown={onKeyDown}
            minH="12"
            fontSize="sm"
            fontWeight="semibold"
            letterSpacing="0.08em"
            textTransform="uppercase"
            color={selected ? 'brand.ink' : 'brand.muted'}
            borderBottomWidth="2px"
            borderColor={selected ? 'brand.gold' : 'transparent'}
            mb="-1px"
            _hover={{ color: 'brand.ink' }}
          >
            {tab.label}
          </chakra.button>
        )
      })}
    </chakra.div>
  )
}

function SignedInPanel({ email }: { email: string }) {
  return (
    <Box display="grid" gap="5">
      <chakra.p color="brand.charcoal">
        Signed in as <chakra.strong color="brand.ink">{email}</chakra.strong>.
      </chakra.p>
      <Box display="flex" flexWrap="wrap" gap="3">
        <Link to="/account">
          <chakra.span css={buttonLinkStyle('solid')}>Go to my account</chakra.span>
        </Link>
        <Link to="/">
          <chakra.span css={buttonLinkStyle('outline')}>Continue shopping</chakra.span>
        </Link>
      </Box>
    </Box>
  )
}

const benefits = [
  'Follow every order from confirmation to your door',
  'Save delivery addresses in any of the 47 counties for a faster checkout',
  'Pay with M-Pesa or cash on delivery, as always',
]

/** The calm, dark side of the page on wide screens: why an account is worth having. */
function BrandPanel() {
  return (
    <Box
      display={{ base: 'none', lg: 'flex' }}
      flexDirection="column"
      justifyContent="center"
      bg="brand.ink"
      color="white"
      px="10"
      py="12"
    >
      <chakra.p
        fontSize="xs"
        fontWeight="semibold"
        letterSpacing="0.24em"
        textTransform="uppercase"
        color="brand.goldLight"
        mb="4"
      >
        {store.name}
      </chakra.p>
      <chakra.p fontFamily="heading" fontSize="3xl" lineHeight="1.2" mb="8">
        Your wardrobe, your orders, your addresses — in one place.
      </chakra.p>
      <chakra.ul listStyleType="none" display="grid" gap="4">
        {benefits.map((benefit) => (
          <chakra.li key={benefit} display="flex" gap="3" alignItems="flex-start">
            <chakra.span color="brand.goldLight" mt="0.5" flexShrink={0}>
              <CheckIcon size={18} />
            </chakra.span>
            <chakra.span color="whiteAlpha.900">{benefit}</chakra.span>
          </chakra.li>
        ))}
      </chakra.ul>
    </Box>
  )
}
