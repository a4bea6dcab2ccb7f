import { chakra } from '@chakra-ui/react/styled-system'
import { useAppDispatch, useAppSelector } from '@/lib/app-state'
import { HeartIcon } from '@/components/icons'
import { selectIsInWishlist, toggleWishlist, type WishlistItem } from '../wishlist-slice'

export interface WishlistButtonProps {
  product: WishlistItem & { name: string }
  /** Icon size in pixels; the button is 40px by default. */
  size?: number
}

/** A heart that adds the product to the wishlist or takes it out again. Works without signing in. */
export function WishlistButton({ product, size = 20 }: WishlistButtonProps) {
  const dispatch = useAppDispatch()
  const saved = useAppSelector((state) => selectIsInWishlist(state, product.productId))
  const label = saved ? `Remove ${product.name} from wishlist` : `Add ${product.name} to wishlist`
  return (
    <chakra.button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={saved}
      onClick={() => dispatch(toggleWishlist(product))}
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      boxSize="10"
      borderRadius="full"
      bg="white"
      color={saved ? 'brand.sale' : 'brand.ink'}
      _hover={{ bg: 'brand.cream' }}
    >
      <HeartIcon size={size} fill={saved ? 'currentColor' : 'none'} />
    </chakra.button>
  )
}
