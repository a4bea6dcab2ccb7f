import { createFileRoute } from '@tanstack/react-router'
import { OurStoryPage } from '@/features/content/components/our-story-page'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/our-story')({
  staticData: { plainStyles: true },
  head: () => titleMeta('Our story'),
  component: () => <OurStoryPage />,
})
