import { createFileRoute } from '@tanstack/react-router'
import { HeritagePage } from '@/features/content/components/heritage-page'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/heritage')({
  staticData: { plainStyles: true },
  head: () => titleMeta('Heritage'),
  component: () => <HeritagePage />,
})
