import { createFileRoute, notFound } from '@tanstack/react-router'
import { BrandPage } from '@/features/catalogue/components/brand-page'
import { brandSlugs, type BrandSlug } from '@/config/paths'
import { titleMeta } from '@/lib/page-title'

function isBrandSlug(value: string): value is BrandSlug {
  return (brandSlugs as readonly string[]).includes(value)
}

export const Route = createFileRoute('/brands/$brand')({
  staticData: { plainStyles: true },
  beforeLoad: ({ params }) => {
    if (!isBrandSlug(params.brand)) throw notFound()
  },
  loader: async ({ params }) => ({
    name: await (await import('@/features/catalogue/api/catalogue-titles')).brandName(params.brand),
  }),
  head: ({ loaderData }) => titleMeta(loaderData?.name ?? 'Brand'),
  component: function BrandRoute() {
    const { brand } = Route.useParams()
    return <BrandPage slug={brand as BrandSlug} />
  },
})
