import { createFileRoute } from '@tanstack/react-router'
import { WishlistPage } from '@/features/wishlist/components/wishlist-page'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/wishlist')({
  head: () => titleMeta('Wishlist'),
  component: () => <WishlistPage />,
})
