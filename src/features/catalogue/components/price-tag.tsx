import { Flex } from '@chakra-ui/react/flex'
import { chakra } from '@chakra-ui/react/styled-system'
import { useAppSelector } from '@/app/hooks'
import { VisuallyHidden } from '@/components/visually-hidden'
import { selectCurrency } from '@/features/currency/currency-slice'
import { discountedPrice, formatPrice } from '@/lib/money'

/** The price in the chosen currency; on sale, the new price, the old one struck through and the cut. */
export function PriceTag({
  price,
  discount,
  size = 'md',
}: {
  price: number
  discount: number
  size?: 'md' | 'lg'
}) {
  const currency = useAppSelector(selectCurrency)
  const now = discountedPrice(price, discount)
  const large = size === 'lg'
  return (
    <Flex align="baseline" gap="2" wrap="wrap">
      <chakra.span
        fontWeight="semibold"
        fontSize={large ? '2xl' : 'sm'}
        color={discount > 0 ? 'brand.sale' : 'brand.ink'}
      >
        {discount > 0 ? <VisuallyHidden>Now </VisuallyHidden> : null}
        {formatPrice(now, currency)}
      </chakra.span>
      {discount > 0 ? (
        <>
          <chakra.s color="brand.muted" fontSize={large ? 'md' : 'xs'}>
            <VisuallyHidden>Was </VisuallyHidden>
            {formatPrice(price, currency)}
          </chakra.s>
          {large ? (
            <chakra.span fontSize="sm" color="brand.sale" fontWeight="medium">
              You save {formatPrice(price - now, currency)}
            </chakra.span>
          ) : null}
        </>
      ) : null}
    </Flex>
  )
}
