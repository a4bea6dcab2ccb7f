import { createFileRoute } from '@tanstack/react-router'
import { PrivacyPolicyPage } from '@/features/content/components/privacy-policy-page'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/privacy-policy')({
  staticData: { plainStyles: true },
  head: () => titleMeta('Privacy policy'),
  component: () => <PrivacyPolicyPage />,
})
