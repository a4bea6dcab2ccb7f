import { chakra } from '@chakra-ui/react/styled-system'
import { useAppDispatch, useAppSelector } from '@/app/hooks'
import { ShoppingBagIcon } from '@/components/icons'
import { openCart, selectCartCount } from '../cart-slice'

/** The header's cart icon: opens the drawer; the badge shows how many items (sum of quantities). */
export function CartButton() {
  const dispatch = useAppDispatch()
  const count = useAppSelector(selectCartCount)
  const label = `Open cart, ${count} ${count === 1 ? 'item' : 'items'}`
  return (
    <chakra.button
      type="button"
      aria-label={label}
      title="Cart"
      aria-haspopup="dialog"
      onClick={() => dispatch(openCart())}
      position="relative"
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      boxSize="10"
      borderRadius="full"
      color="brand.ink"
      _hover={{ bg: 'brand.cream' }}
    >
      <ShoppingBagIcon size={22} />
      {count > 0 ? (
        <chakra.span
          aria-hidden="true"
          position="absolute"
          top="0.5"
          insetEnd="0.5"
          minW="4.5"
          h="4.5"
          px="1"
          display="inline-flex"
          alignItems="center"
          justifyContent="center"
          borderRadius="full"
          bg="brand.ink"
          color="white"
          fontSize="2xs"
          fontWeight="bold"
          lineHeight="1"
        >
          {count > 99 ? '99+' : count}
        </chakra.span>
      ) : null}
    </chakra.button>
  )
}
