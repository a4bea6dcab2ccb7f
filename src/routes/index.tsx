import { createFileRoute } from '@tanstack/react-router'
import { HomePage } from '@/features/home/components/home-page'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/')({
  head: () => titleMeta(),
  component: () => <HomePage />,
})
