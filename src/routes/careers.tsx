import { createFileRoute } from '@tanstack/react-router'
import { CareersPage } from '@/features/content/components/careers-page'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/careers')({
  staticData: { plainStyles: true },
  head: () => titleMeta('Careers'),
  component: () => <CareersPage />,
})
