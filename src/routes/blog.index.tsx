import { createFileRoute } from '@tanstack/react-router'
import { BlogIndexPage } from '@/features/content/components/blog-index-page'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/blog/')({
  staticData: { plainStyles: true },
  head: () => titleMeta('Blog'),
  component: () => <BlogIndexPage />,
})
