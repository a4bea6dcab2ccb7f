import { Box } from '@chakra-ui/react/box'
import { Flex } from '@chakra-ui/react/flex'
import { Stack } from '@chakra-ui/react/stack'
import { chakra } from '@chakra-ui/react/styled-system'
import type { ReactNode } from 'react'
import { ProductThumb } from '@/components/product-thumb'
import { formatPrice, type Currency } from '@/lib/money'
import type { Quote } from '../checkout-types'
import { lineNotice, type LineState } from '../line-problems'
import { smallButton } from './form-controls'

export interface SummaryLine {
  productId: string
  name: string
  price: number
  quantity: number
  image: string
  size?: unknown
  color?: unknown
}

export const optionsText = (size: unknown, color: unknown) =>
  [
    typeof size === 'string' && size && `Size: ${size}`,
    typeof color === 'string' && color && `Colour: ${color}`,
  ]
    .filter(Boolean)
    .join(' · ')

export function TotalRow({
  label,
  value,
  strong,
  muted,
}: {
  label: ReactNode
  value: ReactNode
  strong?: boolean
  muted?: boolean
}) {
  return (
    <Flex
      justify="space-between"
      gap="4"
      fontSize={strong ? 'lg' : 'sm'}
      fontWeight={strong ? 'semibold' : 'normal'}
      color={muted ? 'brand.muted' : 'brand.ink'}
    >
      <chakra.dt>{label}</chakra.dt>
      <chakra.dd fontVariantNumeric="tabular-nums" textAlign="right">
        {value}
      </chakra.dd>
    </Flex>
  )
}

/**
 * The cart as the database prices it: each line with what changed since it was added (sold out, only N
 * left, a new price) and what the shopper can do about it, then the totals and the free-delivery hint.
 * The cart keeps every line until the shopper removes or changes it here.
 */
export function OrderSummary({
  lines,
  states,
  invalidLine,
  quote,
  estimated,
  currency,
  deliveryKnown,
  onRemove,
  onSetQuantity,
  codeField,
  children,
}: {
  lines: SummaryLine[]
  states: Map<number, LineState>
  invalidLine: { line: number; message: string } | null
  quote: Quote | null
  /** No current quote (offline): totals are worked out from the cart's own prices. */
  estimated: boolean
  currency: Currency
  deliveryKnown: boolean
  onRemove: (productId: string) => void
  onSetQuantity: (productId: string, quantity: number) => void
  /** The discount code box, shown above the totals. */
  codeField?: ReactNode
  children?: ReactNode
}) {
  const cartSubtotal = lines.reduce((sum, line) => sum + line.price * line.quantity, 0)
  const subtotal = quote && !estimated ? quote.subtotal : cartSubtotal
  const allDiscounts = quote && !estimated ? quote.discountTotal : 0
  const codeDiscount = quote && !estimated ? (quote.codeDiscount ?? 0) : 0
  // Sale prices and codes are shown apart; together they are what the database takes off.
  const discount = allDiscounts - codeDiscount
  const codes = quote && !estimated ? (quote.codes ?? []) : []
  const goods = subtotal - allDiscounts
  const fee = quote && !estimated ? quote.deliveryFee : null
  const threshold = quote?.freeDeliveryFrom ?? 5000
  const remaining = Math.max(0, threshold - goods)
  const progress = Math.min(100, Math.round((goods / threshold) * 100))
  const total = goods + (fee ?? 0)

  return (
    <chakra.section
      aria-labelledby="checkout-summary-title"
      bg="white"
      borderWidth="1px"
      borderColor="brand.line"
      p={{ base: '4', md: '6' }}
    >
      <chakra.h2 id="checkout-summary-title" fontFamily="heading" fontSize="xl" mb="4">
        Order summary
      </chakra.h2>
      <chakra.ul listStyleType="none" aria-label="Items in your order">
        {lines.map((line, index) => {
          const state = states.get(index)
          const notice =
            invalidLine?.line === index
              ? { blocking: true, message: invalidLine.message }
              : lineNotice(line, state, currency)
          const unit = state?.unitPrice ?? line.price
          const options = optionsText(line.size, line.color)
          const codeSaving =
            quote && !estimated && quote.lines[index]?.productId === line.productId
              ? (quote.lines[index]?.codeDiscount ?? 0)
              : 0
          return (
            <Flex
              as="li"
              key={line.productId}
              aria-label={line.name}
              gap="3"
              py="3"
              borderBottomWidth="1px"
              borderColor="brand.line"
            >
              <ProductThumb src={line.image} size={56} />
              <Stack gap="0.5" flex="1" minW="0" fontSize="sm">
                <Flex justify="space-between" gap="2">
                  <chakra.span fontWeight="semibold" lineClamp={2}>
                    {line.name}
                  </chakra.span>
                  <chakra.span fontVariantNumeric="tabular-nums" flexShrink={0}>
                    {formatPrice(unit * line.quantity, currency)}
                  </chakra.span>
                </Flex>
                {options ? <chakra.span color="brand.muted">{options}</chakra.span> : null}
                <chakra.span color="brand.muted">
                  Qty {line.quantity} × {formatPrice(unit, currency)}
                </chakra.span>
                {codeSaving > 0 ? (
                  <chakra.span color="brand.kenyaGreen">
                    Code saves {formatPrice(codeSaving, currency)}
                  </chakra.span>
                ) : null}
                {notice ? (
                  <Box
                    mt="1.5"
                    p="2"
                    bg={notice.blocking ? '#fdecea' : 'brand.cream'}
                    borderLeftWidth="3px"
                    borderColor={notice.blocking ? 'brand.sale' : 'brand.gold'}
                  >
                    <chakra.p
                      color={notice.blocking ? 'brand.sale' : 'brand.ink'}
                      fontWeight="medium"
                    >
                      {notice.message}
                    </chakra.p>
                    {notice.blocking ? (
                      <Flex gap="2" mt="2" wrap="wrap">
                        {'reduceTo' in notice && notice.reduceTo && notice.reduceTo > 0 ? (
                          <chakra.button
                            type="button"
                            css={smallButton}
                            onClick={() => onSetQuantity(line.productId, notice.reduceTo!)}
                          >
                            Change quantity to {notice.reduceTo}
                          </chakra.button>
                        ) : null}
                        <chakra.button
                          type="button"
                          css={smallButton}
                          aria-label={`Remove ${line.name}`}
                          onClick={() => onRemove(line.productId)}
                        >
                          Remove
                        </chakra.button>
                      </Flex>
                    ) : null}
                  </Box>
                ) : null}
              </Stack>
            </Flex>
          )
        })}
      </chakra.ul>

      {codeField ? <Box mt="4">{codeField}</Box> : null}

      <chakra.dl display="grid" gap="2" mt="4">
        <TotalRow label="Subtotal" value={formatPrice(subtotal, currency)} />
        {discount > 0 ? (
          <TotalRow label="Discounts" value={`−${formatPrice(discount, currency)}`} />
        ) : null}
        {codes.map((applied) => (
          <TotalRow
            key={applied.code}
            label={`Code ${applied.code}`}
            value={`−${formatPrice(applied.amount, currency)}`}
          />
        ))}
        <TotalRow
          label="Delivery"
          value={
            fee === null
              ? deliveryKnown && !estimated
                ? '…'
                : estimated
                  ? 'Confirmed when sent'
                  : 'Choose delivery above'
              : fee === 0
                ? 'Free'
                : formatPrice(fee, currency)
          }
          muted={fee === null}
        />
        <Box borderTopWidth="1px" borderColor="brand.line" pt="3" mt="1">
          <TotalRow
            label={estimated ? 'Estimated total' : 'Total'}
            value={formatPrice(total, currency)}
            strong
          />
        </Box>
      </chakra.dl>
      {currency === 'USD' ? (
        <chakra.p mt="2" fontSize="xs" color="brand.muted">
          Charged in KES: {formatPrice(total, 'KSH')}. Dollar amounts are a guide.
        </chakra.p>
      ) : null}

      <Stack gap="1.5" mt="4">
        <chakra.p fontSize="sm" color={remaining > 0 ? 'brand.ink' : 'brand.kenyaGreen'}>
          {remaining > 0
            ? `Add ${formatPrice(remaining, currency)} more for free delivery`
            : 'Your order qualifies for free delivery'}
        </chakra.p>
        <Box aria-hidden="true" h="1" bg="brand.line" borderRadius="full" overflow="hidden">
          <Box h="full" w={`${progress}%`} bg={remaining > 0 ? 'brand.gold' : 'brand.kenyaGreen'} />
        </Box>
      </Stack>
      {children}
    </chakra.section>
  )
}
