import { createFileRoute } from '@tanstack/react-router'
import { PressPage } from '@/features/content/components/press-page'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/press')({
  staticData: { plainStyles: true },
  head: () => titleMeta('Press'),
  component: () => <PressPage />,
})
