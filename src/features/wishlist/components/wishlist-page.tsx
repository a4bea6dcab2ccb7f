import { Box } from '@chakra-ui/react/box'
import { Flex } from '@chakra-ui/react/flex'
import { Heading } from '@chakra-ui/react/heading'
import { Stack } from '@chakra-ui/react/stack'
import { chakra } from '@chakra-ui/react/styled-system'
import { Text } from '@chakra-ui/react/text'
import { Link } from '@tanstack/react-router'
import { useAppDispatch, useAppSelector } from '@/lib/app-state'
import { HeartIcon, TrashIcon } from '@/components/icons'
import { ProductThumb } from '@/components/product-thumb'
import { notify } from '@/components/toaster'
import { addItem } from '@/features/cart/cart-slice'
import { selectCurrency } from '@/features/currency/currency-slice'
import { formatPrice } from '@/lib/money'
import {
  clearWishlist,
  removeFromWishlist,
  selectWishlistCount,
  selectWishlistItems,
  type WishlistItem,
} from '../wishlist-slice'

const solidButton = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minH: '11',
  px: '5',
  fontSize: 'xs',
  fontWeight: 'semibold',
  letterSpacing: '0.12em',
  textTransform: 'uppercase',
  borderWidth: '1px',
  bg: 'brand.ink',
  color: 'white',
  borderColor: 'brand.ink',
  _hover: { bg: 'brand.charcoal' },
  _disabled: { opacity: 0.5, cursor: 'not-allowed' },
} as const

const quietButton = {
  ...solidButton,
  bg: 'transparent',
  color: 'brand.ink',
  borderColor: 'brand.line',
  _hover: { bg: 'brand.cream' },
} as const

/** The wishlist page: what the shopper saved on this device, with move to cart, remove and clear. */
export function WishlistPage() {
  const dispatch = useAppDispatch()
  const items = useAppSelector(selectWishlistItems)
  const count = useAppSelector(selectWishlistCount)

  return (
    <Box maxW="5xl" mx="auto" px={{ base: '4', md: '8' }} py={{ base: '8', md: '12' }}>
      <Flex align="baseline" justify="space-between" gap="4" wrap="wrap" mb="6">
        <Stack gap="1">
          <Heading as="h1" fontFamily="heading" fontSize={{ base: '2xl', md: '3xl' }}>
            My Wishlist
          </Heading>
          <Text color="brand.muted" aria-live="polite">
            {count} {count === 1 ? 'item' : 'items'} saved
          </Text>
        </Stack>
        {count > 0 ? (
          <chakra.button type="button" css={quietButton} onClick={() => dispatch(clearWishlist())}>
            Clear All
          </chakra.button>
        ) : null}
      </Flex>

      {count === 0 ? (
        <Stack align="center" textAlign="center" gap="3" py="16">
          <Box color="brand.muted">
            <HeartIcon size={48} />
          </Box>
          <Text fontSize="lg" fontWeight="semibold">
            Your wishlist is empty
          </Text>
          <Text color="brand.muted">Tap the heart on any product to save it here for later.</Text>
          <Link to="/">
            <chakra.span css={solidButton} mt="2">
              Continue Shopping
            </chakra.span>
          </Link>
        </Stack>
      ) : (
        <chakra.ul listStyleType="none" aria-label="Saved items">
          {items.map((item) => (
            <WishlistLine key={item.productId} item={item} />
          ))}
        </chakra.ul>
      )}
    </Box>
  )
}

function WishlistLine({ item }: { item: WishlistItem }) {
  const dispatch = useAppDispatch()
  const currency = useAppSelector(selectCurrency)
  const name = item.name ?? item.productId
  const price = item.price

  const moveToCart = () => {
    if (price === undefined) return
    dispatch(addItem({ ...item, name, price, quantity: 1 }))
    dispatch(removeFromWishlist(item.productId))
    notify({
      title: 'Added to Cart',
      description: `${name} has been added to your cart!`,
      type: 'success',
    })
  }

  return (
    <Flex
      as="li"
      aria-label={name}
      gap="4"
      py="4"
      align="center"
      borderBottomWidth="1px"
      borderColor="brand.line"
    >
      <ProductThumb src={item.image} size={80} />
      <Stack gap="1" flex="1" minW="0">
        <Text fontWeight="semibold" lineClamp={2}>
          {name}
        </Text>
        {price !== undefined ? <Text>{formatPrice(price, currency)}</Text> : null}
      </Stack>
      <Flex gap="2" align="center" wrap="wrap" justify="flex-end">
        <chakra.button
          type="button"
          css={solidButton}
          disabled={price === undefined}
          onClick={moveToCart}
        >
          Move to Cart
        </chakra.button>
        <chakra.button
          type="button"
          aria-label={`Remove ${name} from wishlist`}
          title="Remove"
          onClick={() => dispatch(removeFromWishlist(item.productId))}
          display="inline-flex"
          alignItems="center"
          justifyContent="center"
          boxSize="11"
          color="brand.muted"
          _hover={{ bg: 'brand.cream', color: 'brand.ink' }}
        >
          <TrashIcon size={18} />
        </chakra.button>
      </Flex>
    </Flex>
  )
}
