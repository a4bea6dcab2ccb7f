import { act, configure, fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ChakraProvider } from '@chakra-ui/react/styled-system'
import { system } from '@/components/ui/chakra-theme'
import { Toaster, toaster } from '@/components/toaster'
import { isAcceptableEmail, NewsletterForm } from '@/features/newsletter/components/newsletter-form'
import { createClient } from '@supabase/supabase-js'
import { startBackendProcess, type BackendProcess } from '../../../support/backend-process'

// Lazily loaded parts (dialog machinery, toasts) can take seconds to arrive on a busy machine.
configure({ asyncUtilTimeout: 10_000 })

/**
 * The form against the real embedded backend. Only the design system is
 * provided: the app's store would load the backend address (config/env) before the test points it here.
 */
vi.setConfig({ testTimeout: 30_000 })
let backend: BackendProcess
let counter = 0
const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${++counter}@example.com`

beforeAll(async () => {
  backend = await startBackendProcess()
  vi.stubEnv('VITE_SUPABASE_URL', backend.url)
  vi.stubEnv('VITE_SUPABASE_ANON_KEY', backend.anonKey)
  // Transform supabase-js once up front, so the first subscription is not timed with it.
  await import('@supabase/supabase-js')
}, 60_000)

afterAll(async () => {
  vi.unstubAllEnvs()
  vi.unstubAllGlobals()
  await backend?.stop()
})

async function storedSources(email: string) {
  const admin = createClient(backend.url, backend.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  })
  const { data, error } = await admin
    .from('newsletter_subscribers')
    .select('source')
    .eq('email', email)
  if (error) throw error
  return data
}

afterEach(() => {
  act(() => toaster.remove())
})

function renderForm() {
  return render(
    <ChakraProvider value={system}>
      <NewsletterForm source="home" />
      <Toaster />
    </ChakraProvider>,
  )
}

describe('isAcceptableEmail', () => {
  it('needs something typed that contains @', () => {
    expect(isAcceptableEmail('')).toBe(false)
    expect(isAcceptableEmail('   ')).toBe(false)
    expect(isAcceptableEmail('shopper.example.com')).toBe(false)
    expect(isAcceptableEmail('shopper@example.com')).toBe(true)
  })
})

describe('NewsletterForm', () => {
  it('refuses an empty or @-less address with the Invalid Email toast', async () => {
    const user = userEvent.setup()
    renderForm()
    await user.click(screen.getByRole('button', { name: 'Subscribe' }))
    expect(await screen.findByText('Invalid Email')).toBeInTheDocument()
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument()

    act(() => toaster.remove())
    await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'no-at-sign')
    await user.click(screen.getByRole('button', { name: 'Subscribe' }))
    expect(await screen.findByText('Invalid Email')).toBeInTheDocument()
  })

  it('disables the field and button while subscribing, then confirms and stores the address', async () => {
    const user = userEvent.setup()
    renderForm()
    const email = uniqueEmail('form')
    const field = screen.getByRole('textbox', { name: 'Email address' })
    await user.type(field, email)
    await user.click(screen.getByRole('button', { name: 'Subscribe' }))

    const busy = screen.getByRole('button', { name: 'Subscribing...' })
    expect(busy).toBeDisabled()
    expect(field).toBeDisabled()

    expect(
      await screen.findByText('Successfully Subscribed!', {}, { timeout: 15_000 }),
    ).toBeInTheDocument()
    expect(
      screen.getByText("You'll receive our latest fashion updates and exclusive offers."),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled()
    expect(field).toHaveValue('')

    expect(await storedSources(email)).toEqual([{ source: 'home' }])
  })

  it('keeps the Subscribing state for at least the spec’s one second', async () => {
    const user = userEvent.setup()
    renderForm()
    await user.type(screen.getByRole('textbox', { name: 'Email address' }), uniqueEmail('slow'))
    const started = performance.now()
    await user.click(screen.getByRole('button', { name: 'Subscribe' }))
    await screen.findByText('Successfully Subscribed!', {}, { timeout: 15_000 })
    expect(performance.now() - started).toBeGreaterThanOrEqual(950)
  })

  it('shows Subscription Failed when the server cannot be reached', async () => {
    renderForm()
    vi.stubGlobal('navigator', { ...navigator, onLine: false })
    fireEvent.change(screen.getByRole('textbox', { name: 'Email address' }), {
      target: { value: uniqueEmail('offline') },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }))
    await waitFor(() => expect(screen.getByText('Subscription Failed')).toBeInTheDocument(), {
      timeout: 15_000,
    })
    expect(screen.getByText('Something went wrong. Please try again.')).toBeInTheDocument()
    vi.stubGlobal('navigator', { ...navigator, onLine: true })
  })
})
