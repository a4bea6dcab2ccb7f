import { createFileRoute } from '@tanstack/react-router'
import { CheckoutPage } from '@/features/checkout/components/checkout-page'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/checkout')({
  head: () => titleMeta('Checkout'),
  component: () => <CheckoutPage />,
})
