import { Box } from '@chakra-ui/react/box'
import { Flex } from '@chakra-ui/react/flex'
import { chakra } from '@chakra-ui/react/styled-system'
import { useEffect, useRef } from 'react'
import { reserveBottomBar } from '@/components/bottom-bar-clearance'
import { PriceTag } from './price-tag'
import { solidButton } from './button-styles'

/**
 * On a phone, once the product page's 'Add to Cart' has scrolled away: the product's name and price
 * and the same button, fixed to the bottom of the screen. While it shows, the page ends above it and
 * the assistant's button rises above it, so it covers nothing.
 */
export function StickyPurchaseBar({
  name,
  price,
  discount,
  soldOut,
  onAdd,
}: {
  name: string
  price: number
  discount: number
  soldOut: boolean
  onAdd: () => void
}) {
  const bar = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const height = bar.current?.offsetHeight ?? 0
    // Hidden on wider screens (display: none): nothing to make room for.
    if (height === 0) return
    return reserveBottomBar(height)
  }, [])

  return (
    <Box
      ref={bar}
      role="region"
      aria-label="Quick add to cart"
      position="fixed"
      insetX="0"
      bottom="0"
      zIndex="sticky"
      display={{ base: 'block', md: 'none' }}
      bg="white"
      borderTopWidth="1px"
      borderColor="brand.line"
      boxShadow="0 -4px 16px rgba(0, 0, 0, 0.08)"
      px="4"
      py="2.5"
      pb="calc(0.625rem + env(safe-area-inset-bottom))"
    >
      <Flex align="center" gap="3">
        <Box flex="1" minW="0">
          <chakra.p fontSize="sm" fontWeight="semibold" lineClamp={1}>
            {name}
          </chakra.p>
          <PriceTag price={price} discount={discount} />
        </Box>
        <chakra.button
          type="button"
          onClick={onAdd}
          disabled={soldOut}
          {...solidButton}
          minH="11"
          px="5"
          flexShrink={0}
          _disabled={{ bg: 'brand.line', color: 'brand.muted', cursor: 'not-allowed' }}
        >
          {soldOut ? 'Sold out' : 'Add to Cart'}
        </chakra.button>
      </Flex>
    </Box>
  )
}
