import { createFileRoute } from '@tanstack/react-router'
import { ProductPage } from '@/features/catalogue/components/product-page'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/product/$slug')({
  head: () => titleMeta('Product'),
  component: function ProductRoute() {
    const { slug } = Route.useParams()
    return <ProductPage slugOrId={slug} />
  },
})
