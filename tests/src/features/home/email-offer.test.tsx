import { ChakraProvider } from '@chakra-ui/react/styled-system'
import { act, configure, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createClient } from '@supabase/supabase-js'
import { system } from '@/components/ui/chakra-theme'
import { Toaster, toaster } from '@/components/toaster'
import { EmailOffer } from '@/features/home/components/email-offer'
import { startBackendProcess, type BackendProcess } from '../../../support/backend-process'

// Lazily loaded parts (dialog machinery, toasts) can take seconds to arrive on a busy machine.
configure({ asyncUtilTimeout: 10_000 })

/** The first-visit email offer. */
vi.setConfig({ testTimeout: 30_000 })

const seenKey = 'email_popup_seen'

function renderOffer(suppressed = false) {
  const view = render(
    <ChakraProvider value={system}>
      <EmailOffer suppressed={suppressed} />
      <Toaster />
    </ChakraProvider>,
  )
  const setSuppressed = (value: boolean) =>
    view.rerender(
      <ChakraProvider value={system}>
        <EmailOffer suppressed={value} />
        <Toaster />
      </ChakraProvider>,
    )
  return { ...view, setSuppressed }
}

const dialog = () => screen.queryByRole('dialog', { name: 'Unlock 40% OFF your first order' })

/** Lets `ms` of app time pass, then returns to real timers so the lazily loaded dialog can arrive. */
function elapse(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms)
  })
}

/** Renders the offer: not there after `ms` less 1 ms of app time, there once that last 1 ms has passed. */
async function expectDueAfter(ms: number) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  renderOffer()
  elapse(ms - 1)
  await act(() => vi.dynamicImportSettled())
  expect(dialog()).not.toBeInTheDocument()
  elapse(1)
  vi.useRealTimers()
  expect(await screen.findByRole('dialog', { name: /40% OFF/ })).toBeInTheDocument()
}

async function openPopup() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  const view = renderOffer()
  elapse(5000)
  vi.useRealTimers()
  await screen.findByRole('dialog', { name: 'Unlock 40% OFF your first order' })
  return view
}

describe('EmailOffer', () => {
  // Accepting claims the welcome code from the real embedded backend.
  let backend: BackendProcess
  beforeAll(async () => {
    backend = await startBackendProcess()
    vi.stubEnv('VITE_SUPABASE_URL', backend.url)
    vi.stubEnv('VITE_SUPABASE_ANON_KEY', backend.anonKey)
    await import('@supabase/supabase-js')
  }, 60_000)
  afterAll(async () => {
    vi.unstubAllEnvs()
    await backend?.stop()
  })
  beforeEach(() => {
    localStorage.clear()
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
    act(() => toaster.remove())
  })

  it('appears 5 seconds after load, not before', async () => {
    await expectDueAfter(5000)
  })

  it('counts the 5 seconds from the page’s load, not from when the app took the page over', async () => {
    // The app started 3 s after the page had loaded (a slow phone's hydration).
    vi.spyOn(performance, 'now').mockReturnValue(10_000)
    const loadEventEnd = 7000
    vi.spyOn(performance, 'getEntriesByType').mockImplementation((type: string) =>
      type === 'navigation' ? ([{ loadEventEnd }] as unknown as PerformanceEntryList) : [],
    )
    await expectDueAfter(2000)
  })

  it('never appears once this device has seen it', async () => {
    localStorage.setItem(seenKey, '2026-01-01T00:00:00.000Z')
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    renderOffer()
    elapse(60_000)
    vi.useRealTimers()
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)))
    expect(dialog()).not.toBeInTheDocument()
  })

  it('waits while suppressed (splash, checkout, admin) and appears when allowed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { setSuppressed } = renderOffer(true)
    elapse(10_000)
    vi.useRealTimers()
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)))
    expect(dialog()).not.toBeInTheDocument()
    setSuppressed(false)
    expect(await screen.findByRole('dialog', { name: /40% OFF/ })).toBeInTheDocument()
  })

  it('offers the preferences (women by default), a pre-checked terms box and the new-subscriber note', async () => {
    await openPopup()
    const group = screen.getByRole('group', { name: "I'm shopping for" })
    for (const name of ['Women', 'Men', 'Accessories', 'Shoes', 'Bags']) {
      expect(within(group).getByRole('radio', { name })).toBeInTheDocument()
    }
    expect(screen.getByRole('radio', { name: 'Women' })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: /I agree/ })).toBeChecked()
    expect(screen.getByText('Offer valid for new subscribers only.')).toBeInTheDocument()
  })

  it('asks for an email and stays open when accepted without one', async () => {
    const user = userEvent.setup()
    await openPopup()
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }))
    await user.click(screen.getByRole('button', { name: 'Get 40% Off' }))
    expect(await screen.findByText('Email required')).toBeInTheDocument()
    expect(screen.getByText('Please enter your email to get the offer')).toBeInTheDocument()
    expect(dialog()).toBeInTheDocument()
    expect(localStorage.getItem(seenKey)).toBeNull()
  })

  it('welcomes the shopper, shows the code issued to the address, and remembers', async () => {
    const user = userEvent.setup()
    await openPopup()
    await user.click(screen.getByRole('radio', { name: 'Shoes' }))
    await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'wanjiru@example.com')
    await user.click(screen.getByRole('button', { name: 'Get 40% Off' }))
    expect(await screen.findByText('Welcome to Luxe Kenya!')).toBeInTheDocument()
    expect(screen.getByText('Check your email for your 40% OFF discount code!')).toBeInTheDocument()
    expect(localStorage.getItem(seenKey)).not.toBeNull()
    // Accepting closes the dialog; the code stays on the page until the shopper closes it.
    await waitFor(() => expect(dialog()).not.toBeInTheDocument())
    const notice = screen.getByRole('complementary', { name: 'Your welcome code' })
    const code = within(notice).getByTestId('welcome-code')
    const admin = createClient(backend.url, backend.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    })
    const issued = await admin
      .from('discount_codes')
      .select('code')
      .eq('email', 'wanjiru@example.com')
      .single()
    expect(code).toHaveTextContent(issued.data!.code)
    await user.click(within(notice).getByRole('button', { name: 'Start shopping' }))
    expect(notice).not.toBeInTheDocument()
  })

  it('closes at once for an address that already has its code (it was emailed then)', async () => {
    const user = userEvent.setup()
    await openPopup()
    await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'wanjiru@example.com')
    await user.click(screen.getByRole('button', { name: 'Get 40% Off' }))
    expect(await screen.findByText('Welcome to Luxe Kenya!')).toBeInTheDocument()
    await waitFor(() => expect(dialog()).not.toBeInTheDocument())
    expect(screen.queryByTestId('welcome-code')).not.toBeInTheDocument()
  })

  it.each([
    [
      'declining',
      async (user: ReturnType<typeof userEvent.setup>) =>
        user.click(screen.getByRole('button', { name: 'I Will Pay Full Price' })),
    ],
    [
      'the close button',
      async (user: ReturnType<typeof userEvent.setup>) =>
        user.click(screen.getByRole('button', { name: 'Close' })),
    ],
    ['Escape', async (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
  ])('closes and remembers on %s', async (_, act) => {
    const user = userEvent.setup()
    await openPopup()
    await act(user)
    await waitFor(() => expect(dialog()).not.toBeInTheDocument())
    expect(localStorage.getItem(seenKey)).not.toBeNull()
    expect(screen.queryByText(/Welcome to/)).not.toBeInTheDocument()
  })
})
