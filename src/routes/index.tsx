import { createFileRoute } from '@tanstack/react-router'
import { HomePage } from '@/features/home/components/home-page'
import { NewsletterForm } from '@/features/newsletter/components/newsletter-form'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/')({
  head: () => titleMeta(),
  component: () => <HomePage newsletter={<NewsletterForm source="home" />} />,
})
