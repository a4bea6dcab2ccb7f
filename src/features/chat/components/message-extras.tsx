import type { CartProduct, ProductCard } from '@shared/assistant/types'
import { chakra } from '@chakra-ui/react/styled-system'
import { Link } from '@tanstack/react-router'
import { useAppDispatch, useAppSelector } from '@/lib/app-state'
import { placeholderImage } from '@/config/site'
import { openCart } from '@/features/cart/cart-slice'
import { selectCurrency } from '@/features/currency/currency-slice'
import { formatPrice } from '@/lib/money'
import { chatTexts } from '../chat-texts'

const chipLook = {
  display: 'inline-block',
  px: '3',
  py: '1.5',
  minH: '8',
  fontSize: 'xs',
  fontWeight: 'medium',
  borderWidth: '1px',
  borderColor: 'brand.ink',
  borderRadius: 'full',
  bg: 'white',
  color: 'brand.ink',
  _hover: { bg: 'brand.cream' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.gold', outlineOffset: '2px' },
  _disabled: { opacity: 0.5, cursor: 'not-allowed' },
} as const
const chip = { type: 'button', ...chipLook } as const

/** The agent's offered answers (sizes, colours in stock): choosing one sends it. */
export function QuickReplies({
  replies,
  disabled,
  onReply,
}: {
  replies: readonly string[]
  disabled: boolean
  onReply: (text: string) => void
}) {
  return (
    <chakra.div
      role="group"
      aria-label={chatTexts.quickRepliesLabel}
      display="flex"
      flexWrap="wrap"
      gap="2"
    >
      {replies.map((reply) => (
        <chakra.button key={reply} {...chip} disabled={disabled} onClick={() => onReply(reply)}>
          {reply}
        </chakra.button>
      ))}
    </chakra.div>
  )
}

/**
 * Products as cards: picture, name, price in the chosen currency, and view / choose size / add. Choosing
 * a size or adding asks the assistant, which asks for what the product still needs.
 */
export function ProductCards({
  products,
  disabled,
  onReply,
}: {
  products: readonly ProductCard[]
  disabled: boolean
  onReply: (text: string) => void
}) {
  const currency = useAppSelector(selectCurrency)
  return (
    <chakra.ul
      aria-label={chatTexts.cardsLabel}
      display="flex"
      gap="2"
      overflowX="auto"
      maxW="100%"
      pb="1"
      listStyleType="none"
      css={{ scrollSnapType: 'x mandatory' }}
    >
      {products.map((product) => {
        const sized = product.sizes.length > 0
        return (
          <chakra.li
            key={product.productId}
            flex="0 0 9.5rem"
            display="flex"
            flexDirection="column"
            gap="1"
            p="2"
            bg="white"
            borderWidth="1px"
            borderColor="brand.line"
            borderRadius="lg"
            css={{ scrollSnapAlign: 'start' }}
          >
            <chakra.img
              src={product.image || placeholderImage}
              alt=""
              width={136}
              height={136}
              loading="lazy"
              w="100%"
              h="auto"
              aspectRatio="1"
              objectFit="cover"
              borderRadius="md"
              bg="brand.cream"
            />
            <chakra.p fontSize="xs" fontWeight="semibold" lineClamp={2}>
              {product.name}
            </chakra.p>
            <chakra.p fontSize="xs">
              <chakra.span fontWeight="bold">{formatPrice(product.price, currency)}</chakra.span>
              {product.originalPrice ? (
                <chakra.s ms="1" color="brand.muted">
                  {formatPrice(product.originalPrice, currency)}
                </chakra.s>
              ) : null}
            </chakra.p>
            <chakra.div display="flex" flexWrap="wrap" gap="1" mt="auto">
              <Link
                to="/product/$slug"
                params={{ slug: product.slug }}
                aria-label={`View ${product.name}`}
              >
                <chakra.span {...chipLook}>View</chakra.span>
              </Link>
              {product.inStock ? (
                <chakra.button
                  {...chip}
                  disabled={disabled}
                  aria-label={`${sized ? 'Choose size' : 'Add'}: ${product.name}`}
                  onClick={() => onReply(`Add the ${product.name} to my cart`)}
                >
                  {sized ? 'Choose size' : 'Add'}
                </chakra.button>
              ) : (
                <chakra.span fontSize="xs" color="brand.sale" alignSelf="center">
                  Sold out
                </chakra.span>
              )}
            </chakra.div>
          </chakra.li>
        )
      })}
    </chakra.ul>
  )
}

/** The compact confirmation of a line the agent put in the cart (on a phone, instead of the drawer). */
export function AddedNote({ product }: { product: CartProduct }) {
  const dispatch = useAppDispatch()
  const currency = useAppSelector(selectCurrency)
  const quantity = product.quantity ?? 1
  const options = [product.size ? `Size ${product.size}` : '', product.color ?? '']
    .filter(Boolean)
    .join(' · ')
  return (
    <chakra.div
      role="status"
      display="flex"
      alignItems="center"
      gap="2"
      p="2"
      bg="white"
      borderWidth="1px"
      borderColor="brand.kenyaGreen"
      borderRadius="lg"
      fontSize="xs"
    >
      <chakra.div flex="1" minW="0">
        <chakra.p fontWeight="semibold">{chatTexts.addedTitle}</chakra.p>
        <chakra.p>
          {quantity} × {product.name}
          {options ? ` (${options})` : ''} · {formatPrice(product.price * quantity, currency)}
        </chakra.p>
      </chakra.div>
      <chakra.button {...chip} onClick={() => dispatch(openCart())}>
        {chatTexts.viewCart}
      </chakra.button>
    </chakra.div>
  )
}
