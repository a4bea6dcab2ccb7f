import { chakra } from '@chakra-ui/react/styled-system'
import { payments } from '@/config/site'
import { formatPrice } from '@/lib/money'

/** Paying without the prompt: the store's Paybill, the order number as the account, the amount in KES. */
export function PaybillDetails({ orderNumber, amount }: { orderNumber: string; amount: number }) {
  return (
    <chakra.section
      aria-labelledby="paybill-title"
      p="4"
      bg="brand.cream"
      borderWidth="1px"
      borderColor="brand.line"
    >
      <chakra.h3 id="paybill-title" fontWeight="semibold" mb="2">
        Or pay by M-Pesa Paybill
      </chakra.h3>
      <chakra.dl
        display="grid"
        gridTemplateColumns="auto 1fr"
        columnGap="4"
        rowGap="1"
        fontSize="sm"
      >
        <chakra.dt color="brand.muted">Paybill number</chakra.dt>
        <chakra.dd fontWeight="semibold" fontVariantNumeric="tabular-nums">
          {payments.mpesaPaybill}
        </chakra.dd>
        <chakra.dt color="brand.muted">Account number</chakra.dt>
        <chakra.dd fontWeight="semibold">{orderNumber}</chakra.dd>
        <chakra.dt color="brand.muted">Amount</chakra.dt>
        <chakra.dd fontWeight="semibold">{formatPrice(amount, 'KSH')}</chakra.dd>
      </chakra.dl>
      <chakra.p fontSize="sm" color="brand.charcoal" mt="3">
        On your phone: M-Pesa, Lipa na M-Pesa, Pay Bill. Enter the business number{' '}
        {payments.mpesaPaybill}, account number {orderNumber} and the amount, then your PIN. We
        match the payment to your order number and update this page once it is confirmed.
      </chakra.p>
    </chakra.section>
  )
}
