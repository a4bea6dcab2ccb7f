import { Box } from '@chakra-ui/react/box'
import { Spinner } from '@chakra-ui/react/spinner'
import { chakra } from '@chakra-ui/react/styled-system'
import { Link } from '@tanstack/react-router'
import { useCallback, useEffect, useState } from 'react'
import { useAppDispatch, useAppSelector } from '@/lib/app-state'
import { buttonLinkStyle } from '@/components/button-link'
import { paths } from '@/config/paths'
import { selectAuthReady, selectAuthUser, startAuth } from '@/features/auth/auth-slice'
import { getSupabase } from '@/lib/supabase'
import { fetchMyAffiliate, type MyAffiliate } from '../api/affiliate-program-api'
import { AffiliateProgramApply } from './affiliate-program-apply'
import { AffiliateProgramDashboard } from './affiliate-program-dashboard'
import { PanelTitle } from './affiliate-program-title'

/**
 * The affiliate's own corner of /affiliate-program, under the explanation: sign in, apply, wait for
 * review, then share a personal link and follow the orders, commission and payouts it brings.
 */
export function AffiliateProgramPanel() {
  const dispatch = useAppDispatch()
  const ready = useAppSelector(selectAuthReady)
  const user = useAppSelector(selectAuthUser)

  useEffect(() => {
    dispatch(startAuth())
  }, [dispatch])

  return (
    <Box
      as="section"
      id="affiliate-account"
      aria-labelledby="affiliate-account-title"
      maxW="3xl"
      mx="auto"
      px={{ base: '4', md: '6' }}
      pb={{ base: '10', md: '16' }}
    >
      <Box borderWidth="1px" borderColor="brand.line" bg="white" p={{ base: '5', md: '8' }}>
        {!ready ? (
          <Waiting label="Checking your account…" />
        ) : !user ? (
          <SignedOut />
        ) : (
          <Account key={user.id} />
        )}
      </Box>
    </Box>
  )
}

function Waiting({ label }: { label: string }) {
  return (
    <Box role="status" display="flex" alignItems="center" gap="3" py="4">
      <Spinner size="sm" color="brand.gold" />
      <chakra.span color="brand.muted">{label}</chakra.span>
    </Box>
  )
}

function SignedOut() {
  return (
    <>
      <PanelTitle>Your affiliate account</PanelTitle>
      <chakra.p color="brand.charcoal" mb="5">
        Sign in or create your free account, then apply here. Already an affiliate? Sign in to see
        your link, your referred orders and your payouts.
      </chakra.p>
      <chakra.a
        href={`${paths.auth}?redirect=${encodeURIComponent(paths.affiliateProgram)}`}
        css={buttonLinkStyle('solid')}
      >
        Sign in to apply
      </chakra.a>
    </>
  )
}

type Loaded =
  { status: 'ready'; affiliate: MyAffiliate | null } | { status: 'error'; message: string }

function Account() {
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  const [attempt, setAttempt] = useState(0)
  const reload = useCallback(() => {
    setLoaded(null)
    setAttempt((n) => n + 1)
  }, [])

  useEffect(() => {
    let live = true
    getSupabase()
      .then((client) => fetchMyAffiliate(client))
      .then(
        (affiliate) => {
          if (live) setLoaded({ status: 'ready', affiliate })
        },
        (error: unknown) => {
          if (live) {
            setLoaded({
              status: 'error',
              message: error instanceof Error ? error.message : 'Something went wrong.',
            })
          }
        },
      )
    return () => {
      live = false
    }
  }, [attempt])

  if (!loaded) return <Waiting label="Loading your affiliate account…" />
  if (loaded.status === 'error') {
    return (
      <Box role="alert">
        <PanelTitle>Your affiliate account</PanelTitle>
        <chakra.p mb="4">{loaded.message}</chakra.p>
        <chakra.button type="button" onClick={reload} css={buttonLinkStyle('outline')}>
          Try again
        </chakra.button>
      </Box>
    )
  }
  const { affiliate } = loaded
  if (!affiliate) return <AffiliateProgramApply onApplied={reload} />
  if (affiliate.status === 'pending') {
    return (
      <Box role="status">
        <PanelTitle>Application received</PanelTitle>
        <chakra.p color="brand.charcoal">
          Thank you for applying. We review new affiliates within two working days; once you are
          approved, your personal link appears right here.
        </chakra.p>
        <chakra.p mt="3" color="brand.muted" fontSize="sm">
          Your code will be <strong>{affiliate.code.toUpperCase()}</strong>.
        </chakra.p>
      </Box>
    )
  }
  if (affiliate.status === 'suspended') {
    return (
      <Box>
        <PanelTitle>Your affiliate account is suspended</PanelTitle>
        <chakra.p color="brand.charcoal">
          Your link does not earn commission at the moment. If you think this is a mistake, please{' '}
          <Link to={paths.contact}>
            <chakra.span textDecoration="underline">contact us</chakra.span>
          </Link>
          .
        </chakra.p>
      </Box>
    )
  }
  return <AffiliateProgramDashboard affiliate={affiliate} />
}
