import { createFileRoute } from '@tanstack/react-router'
import { AffiliateProgramPanel } from '@/features/affiliate/components/affiliate-program-panel'
import { AffiliateProgramPage } from '@/features/content/components/affiliate-program-page'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/affiliate-program')({
  head: () => titleMeta('Affiliate program'),
  component: () => (
    <>
      <AffiliateProgramPage />
      <AffiliateProgramPanel />
    </>
  ),
})
