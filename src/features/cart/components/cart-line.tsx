import { Flex } from '@chakra-ui/react/flex'
import { Stack } from '@chakra-ui/react/stack'
import { chakra } from '@chakra-ui/react/styled-system'
import { Text } from '@chakra-ui/react/text'
import { useEffect } from 'react'
import { useAppDispatch, useAppSelector } from '@/lib/app-state'
import { MinusIcon, PlusIcon, TrashIcon } from '@/components/icons'
import { ProductThumb } from '@/components/product-thumb'
import { formatPrice, type Currency } from '@/lib/money'
import {
  ensureCatalogue,
  findProduct,
  selectProductLookup,
} from '@/features/catalogue/catalogue-slice'
import {
  chooseSize,
  MAX_LINE_QUANTITY,
  removeItem,
  setQuantity,
  type CartItem,
} from '../cart-slice'

const stepButton = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  boxSize: '9',
  color: 'brand.ink',
  borderWidth: '1px',
  borderColor: 'brand.line',
  _hover: { bg: 'brand.cream' },
  _disabled: { opacity: 0.4, cursor: 'not-allowed' },
} as const

/**
 * The sizes a line still has to choose from: a product sold in more than one size, added without one
 * (by the assistant, or from a card). Empty when nothing is missing or the catalogue is not known.
 */
function useMissingSizes(line: CartItem): string[] {
  const dispatch = useAppDispatch()
  const lookup = useAppSelector(selectProductLookup)
  const needsCatalogue = !line.size && lookup.size === 0
  useEffect(() => {
    if (needsCatalogue) void dispatch(ensureCatalogue())
  }, [dispatch, needsCatalogue])
  if (line.size) return []
  const sizes = findProduct(lookup, line.productId)?.sizes ?? []
  return sizes.length > 1 ? sizes : []
}

const sizeSelect = {
  h: '9',
  px: '2',
  fontSize: 'sm',
  bg: 'white',
  color: 'brand.ink',
  borderWidth: '1px',
  borderColor: 'brand.gold',
  rounded: 'sm',
} as const

/** One cart line: picture, name, options, price, quantity steps (one per click) and remove. */
export function CartLine({
  line,
  currency,
  codeSaving = 0,
}: {
  line: CartItem
  currency: Currency
  /** What the entered discount codes take off this line (the database's answer). */
  codeSaving?: number
}) {
  const dispatch = useAppDispatch()
  const { productId, name, quantity } = line
  const options = [line.size && `Size: ${line.size}`, line.color && `Colour: ${line.color}`]
    .filter(Boolean)
    .join(' · ')
  const change = (next: number) => dispatch(setQuantity({ productId, quantity: next }))
  const missingSizes = useMissingSizes(line)

  return (
    <Flex as="li" aria-label={name} gap="3" py="4" borderBottomWidth="1px" borderColor="brand.line">
      <ProductThumb src={line.image} />
      <Stack gap="1" flex="1" minW="0">
        <Text fontWeight="semibold" lineClamp={2}>
          {name}
        </Text>
        {options ? (
          <Text fontSize="sm" color="brand.muted">
            {options}
          </Text>
        ) : null}
        {missingSizes.length ? (
          <chakra.select
            aria-label={`Choose a size for ${name}`}
            defaultValue=""
            onChange={(event) => {
              if (event.target.value) dispatch(chooseSize({ productId, size: event.target.value }))
            }}
            css={sizeSelect}
          >
            <option value="" disabled>
              Choose a size
            </option>
            {missingSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </chakra.select>
        ) : null}
        <Text fontSize="sm">{formatPrice(line.price, currency)}</Text>
        {codeSaving > 0 ? (
          <Text fontSize="sm" color="brand.kenyaGreen">
            Code saves {formatPrice(codeSaving, currency)}
          </Text>
        ) : null}
        <Flex align="center" gap="2" mt="1">
          <chakra.button
            type="button"
            aria-label={`Decrease quantity of ${name}`}
            onClick={() => change(quantity - 1)}
            css={stepButton}
          >
            <MinusIcon size={16} />
          </chakra.button>
          <chakra.span minW="6" textAlign="center" fontVariantNumeric="tabular-nums">
            {quantity}
          </chakra.span>
          <chakra.button
            type="button"
            aria-label={`Increase quantity of ${name}`}
            onClick={() => change(quantity + 1)}
            disabled={quantity >= MAX_LINE_QUANTITY}
            css={stepButton}
          >
            <PlusIcon size={16} />
          </chakra.button>
          <chakra.button
            type="button"
            aria-label={`Remove ${name}`}
            onClick={() => dispatch(removeItem(productId))}
            ms="auto"
            css={{ ...stepButton, borderColor: 'transparent', color: 'brand.muted' }}
          >
            <TrashIcon size={18} />
          </chakra.button>
        </Flex>
      </Stack>
    </Flex>
  )
}
