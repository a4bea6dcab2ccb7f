import { useRouterState } from '@tanstack/react-router'
import { Footer } from '@/components/footer'
import { paths } from '@/config/paths'
import { DemoItemsButton } from '@/features/home/components/demo-items-button'
import { NewsletterForm } from '@/features/newsletter/components/newsletter-form'

/**
 * The shared footer with the newsletter form and the demo button slotted in. The home page has its own
 * signup just above the footer, so there the footer leaves its copy out.
 */
export function SiteFooter() {
  const onHome = useRouterState({ select: (state) => state.location.pathname === paths.home })
  return (
    <Footer
      newsletter={onHome ? undefined : <NewsletterForm source="footer" tone="dark" />}
      demo={<DemoItemsButton />}
    />
  )
}
