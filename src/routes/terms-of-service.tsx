import { createFileRoute } from '@tanstack/react-router'
import { TermsOfServicePage } from '@/features/content/components/terms-of-service-page'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/terms-of-service')({
  staticData: { plainStyles: true },
  head: () => titleMeta('Terms of service'),
  component: () => <TermsOfServicePage />,
})
