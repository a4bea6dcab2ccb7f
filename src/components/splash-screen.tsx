import { Box } from '@chakra-ui/react/box'
import { chakra } from '@chakra-ui/react/styled-system'
import { useEffect, useRef, useState } from 'react'
import { store, timings } from '@/config/site'
import { Logo } from './logo'

/**
 * A session flag that skips the splash for the rest of the tab's life. Only automated browser tests set
 * it (before the page loads), so they need not wait five seconds on every page; one end-to-end test
 * still plays the whole splash. Nothing in the app writes it.
 */
export const skipSplashKey = 'luxe.skip-splash'

export function splashSkipRequested(): boolean {
  try {
    return window.sessionStorage.getItem(skipSplashKey) === '1'
  } catch {
    return false
  }
}

export interface SplashScreenProps {
  /** Runs `timings.splashHandOffMs` after the splash has hidden itself. */
  onComplete?: () => void
}

/**
 * The start-up screen (spec §2, §4, §9): the full logo over a percentage bar that rises
 * `splashStepPercent` every `splashStepMs` up to 100%, visible for `splashVisibleMs`, then hidden, with
 * `onComplete` after the hand-off delay. It is a fixed overlay: the page renders (and paints its largest
 * text) underneath it, so it reserves no layout and shifts nothing when it goes.
 */
export function SplashScreen({ onComplete }: SplashScreenProps) {
  const [progress, setProgress] = useState(0)
  const [visible, setVisible] = useState(true)
  const completeRef = useRef(onComplete)
  useEffect(() => {
    completeRef.current = onComplete
  })

  useEffect(() => {
    // Counted from the clock rather than from ticks, so a busy phone that runs timers late still shows
    // the true share of the splash time (and reaches 100% before it hides).
    const started = Date.now()
    const step = window.setInterval(() => {
      const steps = Math.floor((Date.now() - started) / timings.splashStepMs)
      setProgress(Math.min(100, steps * timings.splashStepPercent))
    }, timings.splashStepMs)
    let handOff: number | undefined
    const hide = window.setTimeout(() => {
      setVisible(false)
      window.clearInterval(step)
      handOff = window.setTimeout(() => completeRef.current?.(), timings.splashHandOffMs)
    }, timings.splashVisibleMs)
    return () => {
      window.clearInterval(step)
      window.clearTimeout(hide)
      window.clearTimeout(handOff)
    }
  }, [])

  return (
    <Box
      data-state={visible ? 'visible' : 'hidden'}
      aria-hidden={visible ? undefined : true}
      position="fixed"
      inset="0"
      zIndex={1650}
      display="flex"
      flexDirection="column"
      alignItems="center"
      justifyContent="center"
      gap={{ base: '10', md: '12' }}
      px="6"
      bg="brand.ink"
      backgroundImage="radial-gradient(ellipse at 50% 38%, rgba(212, 178, 90, 0.16), transparent 62%)"
      color="white"
      opacity={visible ? 1 : 0}
      visibility={visible ? 'visible' : 'hidden'}
      pointerEvents={visible ? 'auto' : 'none'}
      transition={`opacity ${timings.splashHandOffMs}ms ease, visibility 0s linear ${visible ? '0s' : `${timings.splashHandOffMs}ms`}`}
    >
      <Logo variant="full" tone="light" size="lg" />
      <Box w="min(16rem, 70vw)">
        <Box
          role="progressbar"
          aria-label={`Loading ${store.name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          aria-valuetext={`${progress}%`}
          h="2px"
          bg="whiteAlpha.300"
          overflow="hidden"
        >
          <Box
            h="full"
            bg="brand.goldLight"
            transformOrigin="left"
            transform={`scaleX(${progress / 100})`}
            transition={`transform ${timings.splashStepMs}ms linear`}
          />
        </Box>
        <chakra.p
          mt="3"
          textAlign="center"
          fontSize="xs"
          letterSpacing="0.3em"
          color="brand.goldLight"
          fontVariantNumeric="tabular-nums"
          aria-hidden="true"
        >
          {progress}%
        </chakra.p>
      </Box>
    </Box>
  )
}
