import { createFileRoute } from '@tanstack/react-router'
import { ShippingInfoPage } from '@/features/content/components/shipping-info-page'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/shipping-info')({
  staticData: { plainStyles: true },
  head: () => titleMeta('Shipping information'),
  component: () => <ShippingInfoPage />,
})
