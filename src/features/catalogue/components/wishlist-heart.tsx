import { useAppDispatch, useAppSelector } from '@/lib/app-state'
import { selectIsInWishlist, toggleWishlist } from '@/features/wishlist/wishlist-slice'
import { discountedPrice } from '@/lib/money'
import type { Product } from '../types'
import './wishlist-heart.css'

/**
 * The heart on cards and the product page: adds the product to the wishlist or takes it out. The heart is
 * drawn by the stylesheet (outlined, filled once saved), so a listing's 24 cards carry no SVG for it.
 */
export function WishlistHeart({
  product,
  withText = false,
  className,
}: {
  product: Product
  withText?: boolean
  className?: string
}) {
  const dispatch = useAppDispatch()
  const saved = useAppSelector((state) => selectIsInWishlist(state, product.id))
  const label = saved ? `Remove ${product.name} from wishlist` : `Add ${product.name} to wishlist`
  const toggle = () =>
    dispatch(
      toggleWishlist({
        productId: product.id,
        name: product.name,
        price: discountedPrice(product.price, product.discount),
        image: product.image ?? '',
        slug: product.slug,
        brand: product.brand,
      }),
    )
  if (withText) {
    return (
      <button
        type="button"
        aria-pressed={saved}
        onClick={toggle}
        className="wishlist-heart wishlist-heart--text"
      >
        {saved ? 'Saved to wishlist' : 'Add to wishlist'}
      </button>
    )
  }
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={saved}
      onClick={toggle}
      className={
        className
          ? `wishlist-heart wishlist-heart--icon ${className}`
          : 'wishlist-heart wishlist-heart--icon'
      }
    />
  )
}
