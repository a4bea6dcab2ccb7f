import { createFileRoute } from '@tanstack/react-router'
import { FaqPage } from '@/features/content/components/faq-page'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/faq')({
  staticData: { plainStyles: true },
  head: () => titleMeta('FAQ'),
  component: () => <FaqPage />,
})
