import { Box } from '@chakra-ui/react/box'
import { Flex } from '@chakra-ui/react/flex'
import { Outlet, useRouterState } from '@tanstack/react-router'
import { PromoBanner } from '@/components/promo-banner'
import { SkipLink } from '@/components/skip-link'
import { Toaster } from '@/components/toaster'
import { paths } from '@/config/paths'
import { PwaPrompts } from '@/app/pwa/pwa-prompts'
import { AffiliateCapture } from '@/features/affiliate/components/affiliate-capture'
import { CartDrawer } from '@/features/cart/components/cart-drawer'
import { ChatWidget } from '@/features/chat/components/chat-widget'
import { EmailOffer } from '@/features/home/components/email-offer'
import { SearchDialog } from '@/features/search/components/search-dialog'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'
import { isUnder, useStartupSplash } from './use-startup-splash'

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
  const { splashVisible } = useStartupSplash()

  return (
    <>
      <SkipLink />
      <Flex direction="column" minH="100dvh">
        <PromoBanner />
        <SiteHeader />
        <Box as="main" id="main" tabIndex={-1} flex="1" outline="none">
          <Outlet />
        </Box>
        <SiteFooter />
      </Flex>
      <SearchDialog />
      <CartDrawer />
      <AffiliateCapture />
      <ChatWidget />
      <PwaPrompts />
      <EmailOffer suppressed={splashVisible || onCheckout || inAdmin} />
      <Toaster />
    </>
  )
}
