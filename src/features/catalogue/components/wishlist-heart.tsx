import { chakra } from '@chakra-ui/react/styled-system'
import { useAppDispatch, useAppSelector } from '@/app/hooks'
import { HeartIcon } from '@/components/icons'
import { selectIsInWishlist, toggleWishlist } from '@/features/wishlist/wishlist-slice'
import { discountedPrice } from '@/lib/money'
import type { Product } from '../types'

/** The heart on cards and the product page: adds the product to the wishlist or takes it out. */
export function WishlistHeart({
  product,
  withText = false,
}: {
  product: Product
  withText?: boolean
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
      <chakra.button
        type="button"
        aria-pressed={saved}
        onClick={toggle}
        display="inline-flex"
        alignItems="center"
        justifyContent="center"
        gap="2"
        minH="12"
        px="5"
        borderWidth="1px"
        borderColor="brand.ink"
        fontSize="xs"
        fontWeight="semibold"
        letterSpacing="0.14em"
        textTransform="uppercase"
        color={saved ? 'brand.sale' : 'brand.ink'}
        _hover={{ bg: 'brand.cream' }}
      >
        <HeartIcon size={18} fill={saved ? 'currentColor' : 'none'} />
        {saved ? 'Saved to wishlist' : 'Add to wishlist'}
      </chakra.button>
    )
  }
  return (
    <chakra.button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={saved}
      onClick={toggle}
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      boxSize="9"
      borderRadius="full"
      bg="whiteAlpha.900"
      boxShadow="xs"
      color={saved ? 'brand.sale' : 'brand.ink'}
      _hover={{ bg: 'white', color: 'brand.sale' }}
    >
      <HeartIcon size={18} fill={saved ? 'currentColor' : 'none'} />
    </chakra.button>
  )
}
