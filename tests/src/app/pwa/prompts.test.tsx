import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AppProvider } from '@/app/provider'
import { INSTALL_DISMISSED_KEY, isIosSafari, listenForInstall } from '@/app/pwa/install-prompt'
import { InstallOffer } from '@/app/pwa/install-offer'
import { NeedsConnection } from '@/app/pwa/needs-connection'
import { OfflineIndicator } from '@/app/pwa/offline-indicator'
import { makeStore } from '@/app/store'
import { itemQueued, type OutboxItem } from '@/features/outbox/outbox'

let online = true

function goOffline() {
  online = false
  act(() => void window.dispatchEvent(new Event('offline')))
}
function goOnline() {
  online = true
  act(() => void window.dispatchEvent(new Event('online')))
}

beforeEach(() => {
  online = true
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online)
  localStorage.clear()
})
afterEach(() => vi.restoreAllMocks())

const queued = (userId: string | null): OutboxItem => ({
  id: crypto.randomUUID(),
  kind: 'newsletter',
  payload: { email: 'a@b.co', source: 'footer' },
  userId,
  createdAt: Date.now(),
  attempts: 0,
  lastError: null,
  status: 'pending',
  nextAttemptAt: null,
})

describe('offline indicator', () => {
  it('appears only while offline, politely, and counts what waits to be sent', () => {
    const store = makeStore()
    render(
      <AppProvider store={store}>
        <OfflineIndicator />
      </AppProvider>,
    )
    expect(screen.queryByRole('status')).toBeNull()

    goOffline()
    const note = screen.getByRole('status')
    expect(note).toHaveTextContent("You're offline — browsing saved catalogue")
    expect(note).toHaveAttribute('aria-live', 'polite')
    expect(note).not.toHaveTextContent('waiting to send')

    act(() => {
      store.dispatch(itemQueued(queued(null)))
      // Another account's request is not this shopper's business.
      store.dispatch(itemQueued(queued('someone-else')))
    })
    expect(screen.getByRole('status')).toHaveTextContent('1 request waiting to send')

    goOnline()
    expect(screen.queryByRole('status')).toBeNull()
  })
})

describe('NeedsConnection', () => {
  it('says what needs the server and what still works, only while offline', () => {
    render(<NeedsConnection feature="Sign-in" />)
    expect(screen.queryByRole('status')).toBeNull()
    goOffline()
    const note = screen.getByRole('status')
    expect(note).toHaveTextContent('Sign-in needs a connection')
    expect(note).toHaveTextContent('your cart and your wishlist still work')
    expect(note).toHaveTextContent("Sign-in will be available again as soon as you're back online.")
  })
})

/** What Chromium dispatches when the app can be installed. */
function offerInstall(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
    prompt: () => Promise<void>
    userChoice: Promise<{ outcome: string; platform: string }>
  }
  event.prompt = vi.fn(async () => {})
  event.userChoice = Promise.resolve({ outcome, platform: 'web' })
  act(() => void window.dispatchEvent(event))
  return event
}

describe('install offer', () => {
  listenForInstall()
  const renderOffer = () => render(<InstallOffer />)

  it('shows nothing until the browser offers installation', () => {
    renderOffer()
    expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull()
  })

  it('opens the browser dialog from our button and asks to keep storage when accepted', async () => {
    const persist = vi.fn(async () => true)
    // jsdom has no StorageManager.
    Object.defineProperty(navigator, 'storage', { configurable: true, value: { persist } })
    renderOffer()
    const event = offerInstall('accepted')
    expect(event.defaultPrevented).toBe(true)
    await userEvent.click(screen.getByRole('button', { name: 'Install app' }))
    expect(event.prompt).toHaveBeenCalledOnce()
    await vi.waitFor(() => expect(persist).toHaveBeenCalled())
    expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull()
    Reflect.deleteProperty(navigator, 'storage')
  })

  it('remembers "Not now" for 30 days', async () => {
    const now = Date.now()
    renderOffer()
    offerInstall('dismissed')
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }))
    expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull()
    expect(Number(localStorage.getItem(INSTALL_DISMISSED_KEY))).toBeGreaterThanOrEqual(now)

    // The browser offers again on the next visit: still quiet.
    offerInstall('dismissed')
    expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull()

    // A month later it may ask once more.
    localStorage.setItem(INSTALL_DISMISSED_KEY, String(now - 31 * 24 * 60 * 60 * 1000))
    offerInstall('dismissed')
    expect(screen.getByRole('button', { name: 'Install app' })).toBeVisible()
  })
})

describe('iPhone and iPad Safari', () => {
  const iphoneSafari =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
  const iphoneChrome =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0 Mobile/15E148 Safari/604.1'
  const ipadSafari =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15'
  const android =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36'

  it('is told apart from other browsers (an iPad says it is a Mac with a touch screen)', () => {
    expect(isIosSafari(iphoneSafari, 5)).toBe(true)
    expect(isIosSafari(ipadSafari, 5)).toBe(true)
    expect(isIosSafari(ipadSafari, 0)).toBe(false)
    expect(isIosSafari(iphoneChrome, 5)).toBe(false)
    expect(isIosSafari(android, 5)).toBe(false)
  })
})
