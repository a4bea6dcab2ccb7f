import { createFileRoute } from '@tanstack/react-router'
import { OptionalPart } from '@/components/optional-part'
import { HomePage } from '@/features/home/components/home-page'
import { NewsletterForm } from '@/features/newsletter/components/newsletter-form'
import { titleMeta } from '@/lib/page-title'

// The rails sit below the fold: their code (the catalogue's cards) comes in its own chunk.
const loadHomeRails = () =>
  import('@/features/catalogue/components/home-rails').then((module) => module.HomeRails)
const noProps = {}

export const Route = createFileRoute('/')({
  head: () => titleMeta(),
  staticData: { plainStyles: true },
  component: () => (
    <HomePage
      newsletter={<NewsletterForm source="home" />}
      rails={<OptionalPart load={loadHomeRails} props={noProps} />}
    />
  ),
})
