import { createFileRoute } from '@tanstack/react-router'
import { ReturnsPage } from '@/features/content/components/returns-page'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/returns')({
  staticData: { plainStyles: true },
  head: () => titleMeta('Returns'),
  component: () => <ReturnsPage />,
})
