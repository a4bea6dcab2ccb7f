import { Stack } from '@chakra-ui/react/stack'
import { chakra } from '@chakra-ui/react/styled-system'
import { Link } from '@tanstack/react-router'
import { useSyncExternalStore } from 'react'
import { ShoppingBagIcon } from '@/components/icons'
import { paths } from '@/config/paths'
import { listSavedOrders, subscribeSavedOrders } from '../saved-orders'
import { primaryButton } from './form-controls'

/** Nothing to check out: a way back to the shop, and the orders placed on this device. */
export function EmptyCheckout() {
  const orders = useSyncExternalStore(subscribeSavedOrders, listSavedOrders, () => [])
  return (
    <Stack
      align="center"
      textAlign="center"
      gap="3"
      py="14"
      px="4"
      bg="white"
      borderWidth="1px"
      borderColor="brand.line"
    >
      <chakra.span color="brand.muted" aria-hidden="true">
        <ShoppingBagIcon size={48} />
      </chakra.span>
      <chakra.h2 fontFamily="heading" fontSize="2xl">
        Your cart is empty
      </chakra.h2>
      <chakra.p color="brand.muted" maxW="md">
        Add something you love, then come back here to check out with M-Pesa or cash on delivery.
      </chakra.p>
      <Link to={paths.home}>
        <chakra.span css={primaryButton} mt="2">
          Continue Shopping
        </chakra.span>
      </Link>
      {orders.length > 0 ? (
        <chakra.nav aria-label="Your recent orders" mt="6" fontSize="sm">
          <chakra.h3 fontWeight="semibold" mb="2">
            Your recent orders on this device
          </chakra.h3>
          <chakra.ul listStyleType="none">
            {orders.slice(0, 5).map((order) => (
              <li key={order.orderNumber}>
                <Link
                  to="/order/$orderNumber"
                  params={{ orderNumber: order.orderNumber }}
                  search={{ token: order.token }}
                >
                  <chakra.span textDecoration="underline" textUnderlineOffset="3px">
                    Order {order.orderNumber}
                  </chakra.span>
                </Link>
              </li>
            ))}
          </chakra.ul>
        </chakra.nav>
      ) : null}
    </Stack>
  )
}
