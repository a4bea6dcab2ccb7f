import { Box } from '@chakra-ui/react/box'
import { Flex } from '@chakra-ui/react/flex'
import { Stack } from '@chakra-ui/react/stack'
import { chakra } from '@chakra-ui/react/styled-system'
import { Text } from '@chakra-ui/react/text'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useMemo } from 'react'
import { useAppDispatch, useAppSelector } from '@/lib/app-state'
import { DiscountCodeField } from '@/components/discount-code-field'
import { Drawer } from '@/components/drawer'
import { ShoppingBagIcon } from '@/components/icons'
import { delivery } from '@/config/site'
import {
  addDiscountCode,
  cartQuoteKey,
  normalizeCode,
  quoteCartCodes,
  removeDiscountCode,
  selectCartCodeQuote,
  selectDiscountCodes,
} from '@/features/checkout/checkout-slice'
import { selectCurrency } from '@/features/currency/currency-slice'
import { formatPrice, type Currency } from '@/lib/money'
import {
  clearCart,
  closeCart,
  selectCartCount,
  selectCartItems,
  selectCartOpen,
  selectCartTotal,
} from '../cart-slice'
import { CartLine } from './cart-line'
import { StorageNotice } from './storage-notice'

const actionButton = {
  w: 'full',
  minH: '12',
  px: '5',
  fontSize: 'sm',
  fontWeight: 'semibold',
  letterSpacing: '0.08em',
  textTransform: 'uppercase',
  borderWidth: '1px',
} as const

/** The cart drawer (spec §2): lines, total, free-delivery progress, Checkout and Clear Cart. */
export function CartDrawer() {
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const isOpen = useAppSelector(selectCartOpen)
  const items = useAppSelector(selectCartItems)
  const count = useAppSelector(selectCartCount)
  const total = useAppSelector(selectCartTotal)
  const currency = useAppSelector(selectCurrency)
  const codes = useAppSelector(selectDiscountCodes)
  const codeQuote = useAppSelector(selectCartCodeQuote)
  const close = () => dispatch(closeCart())

  // What the codes take off is the database's answer for this very cart.
  const lines = useMemo(
    () =>
      items.map((line) => ({
        productId: line.productId,
        quantity: line.quantity,
        ...(typeof line.size === 'string' && line.size ? { size: line.size } : {}),
        ...(typeof line.color === 'string' && line.color ? { color: line.color } : {}),
      })),
    [items],
  )
  const key = cartQuoteKey(lines, codes)
  const current = codeQuote.key === key && codeQuote.status === 'ready'
  useEffect(() => {
    if (!isOpen || codes.length === 0 || lines.length === 0) return
    const timer = window.setTimeout(
      () => void dispatch(quoteCartCodes({ items: lines, codes })),
      250,
    )
    return () => window.clearTimeout(timer)
    // `key` stands for the lines and codes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isOpen, key, dispatch])
  const codeSaving = current && codes.length > 0 ? codeQuote.codeDiscount : 0

  const checkout = () => {
    close()
    void navigate({ to: '/checkout' })
  }

  return (
    <Drawer
      open={isOpen}
      onClose={close}
      title={`Shopping Cart (${count})`}
      closeLabel="Close cart"
      footer={
        items.length > 0 ? (
          <Stack gap="3" w="full">
            <DiscountCodeField
              codes={codes}
              applied={current ? codeQuote.applied : []}
              refusal={current ? codeQuote.refusal : null}
              checking={codes.length > 0 && !current}
              currency={currency}
              onApply={(text) => {
                const code = normalizeCode(text)
                if (!code) return 'That code is not valid. Check it and try again.'
                dispatch(addDiscountCode(code))
                return null
              }}
              onRemove={(code) => dispatch(removeDiscountCode(code))}
            />
            <FreeDeliveryHint total={total - codeSaving} currency={currency} />
            {codeSaving > 0 ? (
              <Flex justify="space-between" fontSize="sm" color="brand.kenyaGreen">
                <span>Discount codes</span>
                <span>−{formatPrice(codeSaving, currency)}</span>
              </Flex>
            ) : null}
            <Flex justify="space-between" fontWeight="semibold" fontSize="lg">
              <span>Total</span>
              <span>{formatPrice(total - codeSaving, currency)}</span>
            </Flex>
            <chakra.button
              type="button"
              onClick={checkout}
              css={actionButton}
              bg="brand.ink"
              color="white"
              borderColor="brand.ink"
              _hover={{ bg: 'brand.charcoal' }}
            >
              Checkout
            </chakra.button>
            <chakra.button
              type="button"
              onClick={() => dispatch(clearCart())}
              css={actionButton}
              color="brand.ink"
              borderColor="brand.line"
              _hover={{ bg: 'brand.cream' }}
            >
              Clear Cart
            </chakra.button>
          </Stack>
        ) : undefined
      }
    >
      <StorageNotice />
      {items.length === 0 ? (
        <Stack align="center" textAlign="center" gap="3" py="16">
          <Box color="brand.muted">
            <ShoppingBagIcon size={48} />
          </Box>
          <Text fontSize="lg" fontWeight="semibold">
            Your cart is empty
          </Text>
          <Text color="brand.muted">Add some items to get started</Text>
          <chakra.button
            type="button"
            onClick={close}
            css={actionButton}
            w="auto"
            mt="2"
            bg="brand.ink"
            color="white"
            borderColor="brand.ink"
            _hover={{ bg: 'brand.charcoal' }}
          >
            Continue Shopping
          </chakra.button>
        </Stack>
      ) : (
        <chakra.ul listStyleType="none" aria-label="Items in your cart">
          {items.map((line, index) => (
            <CartLine
              key={line.productId}
              line={line}
              currency={currency}
              codeSaving={current ? (codeQuote.lineDiscounts[index] ?? 0) : 0}
            />
          ))}
        </chakra.ul>
      )}
    </Drawer>
  )
}

/** How far the cart is from free delivery (one threshold everywhere, from the store config). */
function FreeDeliveryHint({ total, currency }: { total: number; currency: Currency }) {
  const remaining = Math.max(0, delivery.freeFromKes - total)
  const progress = Math.min(100, Math.round((total / delivery.freeFromKes) * 100))
  return (
    <Stack gap="1.5">
      <Text fontSize="sm" color={remaining > 0 ? 'brand.ink' : 'brand.kenyaGreen'}>
        {remaining > 0
          ? `Add ${formatPrice(remaining, currency)} more for free delivery`
          : 'Your order qualifies for free delivery'}
      </Text>
      <Box aria-hidden="true" h="1" bg="brand.line" borderRadius="full" overflow="hidden">
        <Box h="full" w={`${progress}%`} bg={remaining > 0 ? 'brand.gold' : 'brand.kenyaGreen'} />
      </Box>
    </Stack>
  )
}
