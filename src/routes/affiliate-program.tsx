import { createFileRoute } from '@tanstack/react-router'
import { AffiliateProgramPage } from '@/features/content/components/affiliate-program-page'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/affiliate-program')({
  head: () => titleMeta('Affiliate program'),
  component: () => <AffiliateProgramPage />,
})
