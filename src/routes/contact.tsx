import { createFileRoute } from '@tanstack/react-router'
import { ContactPage } from '@/features/content/components/contact-page'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/contact')({
  staticData: { plainStyles: true },
  head: () => titleMeta('Contact us'),
  component: () => <ContactPage />,
})
