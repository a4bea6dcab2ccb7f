import { createFileRoute } from '@tanstack/react-router'
import { OrderPage } from '@/features/checkout/components/order-page'
import { titleMeta } from '@/lib/page-title'

/** The order confirmation and a guest's private link: /order/LK-240001?token=… */
export const Route = createFileRoute('/order/$orderNumber')({
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token.length > 0 && search.token.length <= 200
      ? { token: search.token }
      : {},
  head: ({ params }) => ({
    ...titleMeta(`Order ${params.orderNumber}`),
  }),
  component: function OrderRoute() {
    const { orderNumber } = Route.useParams()
    const { token } = Route.useSearch()
    return <OrderPage orderNumber={orderNumber} token={token} />
  },
})
