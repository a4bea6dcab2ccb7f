/**
 * The "Install app" offer. Chromium browsers fire `beforeinstallprompt` when the app is installable; it
 * is kept (the browser's own mini-bar is suppressed) so our button can show the browser's dialog when the
 * shopper asks. A dismissal is remembered for 30 days, so the offer never nags. iPhone and iPad Safari
 * have no such event: they get a one-time hint instead. Installing also asks the browser to keep the
 * app's storage (saved catalogue, cart, outbox) under storage pressure.
 */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>
}

export interface InstallState {
  /** The browser offered installation and the shopper has not turned it down lately. */
  canInstall: boolean
  /** iPhone/iPad Safari, not yet installed, hint not yet seen. */
  showIosHint: boolean
}

export const INSTALL_DISMISSED_KEY = 'pwa_install_dismissed_at'
export const IOS_HINT_SEEN_KEY = 'pwa_ios_install_hint_seen'
const DISMISS_FOR_MS = 30 * 24 * 60 * 60 * 1000

let deferred: BeforeInstallPromptEvent | null = null
let state: InstallState = { canInstall: false, showIosHint: false }
const listeners = new Set<() => void>()

function read(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

function write(key: string, value: string) {
  try {
    localStorage.setItem(key, value)
  } catch {
    // Storage blocked: the offer may come back next visit, which is harmless.
  }
}

function recentlyDismissed(now = Date.now()): boolean {
  const at = Number(read(INSTALL_DISMISSED_KEY))
  return Number.isFinite(at) && at > 0 && now - at < DISMISS_FOR_MS
}

export function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true
  return iosStandalone || window.matchMedia?.('(display-mode: standalone)').matches === true
}

/** Safari on an iPhone or iPad (iPadOS reports itself as a Mac with a touch screen). */
export function isIosSafari(
  userAgent = navigator.userAgent,
  touchPoints = navigator.maxTouchPoints,
) {
  const iosDevice =
    /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && touchPoints > 1)
  const otherBrowser = /CriOS|FxiOS|EdgiOS|OPiOS|GSA\//.test(userAgent)
  return iosDevice && /Safari\//.test(userAgent) && !otherBrowser
}

function setState(change: Partial<InstallState>) {
  state = { ...state, ...change }
  for (const listener of listeners) listener()
}

export function getInstallState(): InstallState {
  return state
}

export function subscribeInstall(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

function keepStorage() {
  void navigator.storage?.persist?.().catch(() => false)
}

let listening = false

/**
 * Starts listening; call once, as early as possible. An offer made before (the event can fire before a
 * prebuilt page's app code runs) was kept by the page's first script and is taken over here.
 */
export function listenForInstall(): void {
  if (listening || typeof window === 'undefined') return
  listening = true
  const offered = (event: Event) => {
    deferred = event as BeforeInstallPromptEvent
    setState({ canInstall: !recentlyDismissed() })
  }
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    offered(event)
  })
  // Offered before the app's code ran: kept by the page's first script (early-install-offer.ts).
  if (window.luxeInstallOffer) offered(window.luxeInstallOffer)
  window.addEventListener('appinstalled', () => {
    deferred = null
    setState({ canInstall: false })
    keepStorage()
  })
  if (isIosSafari() && !isStandalone() && read(IOS_HINT_SEEN_KEY) === null) {
    setState({ showIosHint: true })
  }
}

/** Shows the browser's install dialog. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred
  if (!event) return 'unavailable'
  deferred = null
  setState({ canInstall: false })
  await event.prompt()
  const { outcome } = await event.userChoice
  if (outcome === 'accepted') keepStorage()
  else write(INSTALL_DISMISSED_KEY, String(Date.now()))
  return outcome
}

/** "Not now" on our own button: hidden for 30 days. */
export function dismissInstall(): void {
  write(INSTALL_DISMISSED_KEY, String(Date.now()))
  setState({ canInstall: false })
}

export function dismissIosHint(): void {
  write(IOS_HINT_SEEN_KEY, '1')
  setState({ showIosHint: false })
}
