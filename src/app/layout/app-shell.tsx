import { Outlet, useRouterState } from '@tanstack/react-router'
import { OptionalPart, useWantedOnce } from '@/components/optional-part'
import { PromoBanner } from '@/components/promo-banner'
import { SkipLink } from '@/components/skip-link'
import { Toaster } from '@/components/toaster'
import { paths } from '@/config/paths'
import { useAppSelector } from '@/lib/app-state'
import { nextTask } from '@/lib/next-task'
import { whenIdle } from '@/lib/when-idle'
import { AffiliateCapture } from '@/features/affiliate/components/affiliate-capture'
import { selectCartOpen } from '@/features/cart/cart-slice'
import { EmailOffer } from '@/features/home/components/email-offer'
import { SearchDialog } from '@/features/search/components/search-dialog'
import { PageStyles } from './page-styles'
import { SiteHeader } from './site-header'
import { isUnder, useStartupSplash } from './use-startup-splash'
import './app-shell.css'

/*
 * What the first paint does not need comes in its own chunks, fetched after the page is taken over: the
 * footer (below the fold) in the next task, the chat button and the offline shell's prompts and the
 * service worker when the browser is idle, and the cart drawer (on its first opening, or when idle). Each is an optional part: if its code
 * cannot be fetched, the page goes on without it until the browser is back online.
 */
const loadSiteFooter = () => import('./site-footer').then((module) => module.SiteFooter)
const loadChatWidget = () =>
  import('@/features/chat/components/chat-widget').then((module) => module.ChatWidget)
const loadPwaPrompts = () => import('@/app/pwa/pwa-prompts').then((module) => module.PwaPrompts)
const loadCartDrawer = () => import('@/features/cart/components/cart-drawer')
const loadCartDrawerPart = () => loadCartDrawer().then((module) => module.CartDrawer)

const noProps = {}

/** The chat button and the offline prompts: when the browser is first idle after start, or in 2 s. */
const soonWhenIdle = () => new Promise<void>((resolve) => void whenIdle(resolve, 2000))

/** The cart drawer, mounted on its first opening; its code is fetched when idle or then. */
function CartDrawerWhenOpened() {
  const wanted = useWantedOnce(useAppSelector(selectCartOpen), loadCartDrawer)
  return wanted ? <OptionalPart load={loadCartDrawerPart} props={noProps} /> : null
}

/**
 * The email offer, held back while the start-up splash shows. The splash's state is read here, not in
 * the frame, so the splash ending re-renders the offer alone, not the header and the page with it.
 */
function EmailOfferAfterSplash({ suppressed }: { suppressed: boolean }) {
  const { splashVisible } = useStartupSplash()
  return <EmailOffer suppressed={splashVisible || suppressed} />
}

/**
 * The page frame: promo banner, sticky header, the page, footer, and the app-wide overlays (search
 * dialog, cart drawer, chat, install and update prompts, toasts and the email offer).
 *
 * The start-up splash is drawn by index.html before this renders (see use-startup-splash.ts): the page
 * renders underneath it from the first frame. The email offer waits for the splash and never covers
 * checkout or the admin area.
 */
export function AppShell() {
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const onCheckout = isUnder(pathname, paths.checkout)
  const inAdmin = isUnder(pathname, paths.admin) || pathname === paths.adminDashboard

  return (
    <>
      <SkipLink />
      <div className="app-shell">
        <PromoBanner />
        <SiteHeader />
        {/* At least a screen high (see app-shell.css). */}
        <main id="main" tabIndex={-1} className="app-shell__main">
          <PageStyles>
            <Outlet />
          </PageStyles>
        </main>
        <OptionalPart load={loadSiteFooter} props={noProps} after={nextTask} />
      </div>
      <SearchDialog />
      <AffiliateCapture />
      <CartDrawerWhenOpened />
      <OptionalPart load={loadChatWidget} props={noProps} after={soonWhenIdle} />
      <OptionalPart load={loadPwaPrompts} props={noProps} after={soonWhenIdle} />
      <EmailOfferAfterSplash suppressed={onCheckout || inAdmin} />
      <Toaster />
    </>
  )
}
