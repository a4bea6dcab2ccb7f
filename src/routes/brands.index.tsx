import { createFileRoute } from '@tanstack/react-router'
import { BrandsPage } from '@/features/catalogue/components/brands-page'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/brands/')({
  staticData: { plainStyles: true },
  head: () => titleMeta('Brands'),
  component: () => <BrandsPage />,
})
