import { createFileRoute } from '@tanstack/react-router'
import { AboutPage } from '@/features/content/components/about-page'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/about')({
  staticData: { plainStyles: true },
  head: () => titleMeta('About us'),
  component: () => <AboutPage />,
})
