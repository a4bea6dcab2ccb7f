import { createFileRoute } from '@tanstack/react-router'
import { ProductPage } from '@/features/catalogue/components/product-page'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/product/$slug')({
  staticData: { plainStyles: true },
  // The name comes from the catalogue in memory, or on a prebuilt page from the build's (already on its
  // way as the app starts); never waits for the live catalogue.
  loader: async ({ params }) => ({
    name: await (
      await import('@/features/catalogue/api/catalogue-titles')
    ).productName(params.slug),
  }),
  head: ({ loaderData }) => titleMeta(loaderData?.name ?? 'Product'),
  component: function ProductRoute() {
    const { slug } = Route.useParams()
    return <ProductPage slugOrId={slug} />
  },
})
