import { createFileRoute } from '@tanstack/react-router'
import { SizeGuidePage } from '@/features/content/components/size-guide-page'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/size-guide')({
  staticData: { plainStyles: true },
  head: () => titleMeta('Size guide'),
  component: () => <SizeGuidePage />,
})
