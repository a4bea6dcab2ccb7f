import { ChakraProvider } from '@chakra-ui/react/styled-system'
import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { system } from '@/app/theme'
import { SplashScreen } from '@/components/splash-screen'

/** Spec §4 and §9: +2% every 50 ms to 100%, visible 5 s, completion callback 300 ms after hiding. */
describe('SplashScreen', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  const advance = (ms: number) =>
    act(() => {
      vi.advanceTimersByTime(ms)
    })

  function renderSplash(onComplete = vi.fn()) {
    render(
      <ChakraProvider value={system}>
        <SplashScreen onComplete={onComplete} />
      </ChakraProvider>,
    )
    return onComplete
  }

  const bar = () => screen.getByRole('progressbar', { name: 'Loading Luxe Kenya' })

  it('shows the full logo and a percentage bar starting at 0%', () => {
    renderSplash()
    expect(screen.getByText('Luxe Kenya')).toBeInTheDocument()
    expect(screen.getByText('PREMIUM FASHION & STYLE')).toBeInTheDocument()
    expect(bar()).toHaveAttribute('aria-valuenow', '0')
    expect(screen.getByText('0%')).toBeInTheDocument()
  })

  it('rises 2% every 50 ms and stops at 100%', () => {
    renderSplash()
    advance(50)
    expect(bar()).toHaveAttribute('aria-valuenow', '2')
    advance(49)
    expect(bar()).toHaveAttribute('aria-valuenow', '2')
    advance(1)
    expect(bar()).toHaveAttribute('aria-valuenow', '4')
    advance(400)
    expect(bar()).toHaveAttribute('aria-valuenow', '20')
    expect(screen.getByText('20%')).toBeInTheDocument()
    advance(2000)
    expect(bar()).toHaveAttribute('aria-valuenow', '100')
    advance(2000)
    expect(bar()).toHaveAttribute('aria-valuenow', '100')
    expect(screen.getByText('100%')).toBeInTheDocument()
  })

  it('hides at 5 s and calls back 300 ms later, once', () => {
    const onComplete = renderSplash()
    advance(4999)
    expect(bar()).toBeInTheDocument()
    advance(1)
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
    expect(onComplete).not.toHaveBeenCalled()
    advance(299)
    expect(onComplete).not.toHaveBeenCalled()
    advance(1)
    expect(onComplete).toHaveBeenCalledTimes(1)
    advance(10_000)
    expect(onComplete).toHaveBeenCalledTimes(1)
  })
})
