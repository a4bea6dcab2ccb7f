import { chakra } from '@chakra-ui/react/styled-system'
import { formatPrice } from '@/lib/money'
import type { OrderDocument } from '../checkout-types'
import { Notice } from '@/components/ui/notice'

const dueText = (iso: string | null | undefined) =>
  iso
    ? new Intl.DateTimeFormat('en-KE', {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'Africa/Nairobi',
      }).format(new Date(iso))
    : null

/** A bank-transfer order: where to send the money and by when, or that it arrived. */
export function BankTransferPanel({ order }: { order: OrderDocument }) {
  if (order.paymentMethod !== 'bank' || !order.bankTransfer) return null
  if (order.paymentStatus === 'paid') {
    return (
      <Notice compact tone="success" role="status">
        <chakra.strong display="block">Payment received</chakra.strong>
        {formatPrice(order.total, 'KSH')} received by bank transfer
        {order.payment?.receipt ? ` (reference ${order.payment.receipt})` : ''}.
      </Notice>
    )
  }
  if (order.status === 'cancelled') return null
  const bank = order.bankTransfer
  const due = dueText(order.paymentDueAt)
  return (
    <chakra.section
      aria-labelledby="bank-transfer-title"
      bg="white"
      borderWidth="1px"
      borderColor="brand.line"
      p={{ base: '4', md: '6' }}
    >
      <chakra.h2 id="bank-transfer-title" fontFamily="heading" fontSize="xl" mb="3">
        Pay by bank transfer
      </chakra.h2>
      <chakra.p fontSize="sm" mb="3">
        Send {formatPrice(order.total, 'KSH')} to the account below with your order number as the
        reference.{due ? ` We hold your order until ${due}.` : ''}
      </chakra.p>
      <chakra.dl
        display="grid"
        gridTemplateColumns="auto 1fr"
        columnGap="4"
        rowGap="1"
        fontSize="sm"
      >
        <dt>Bank</dt>
        <dd>{bank.bankName}</dd>
        <dt>Branch</dt>
        <dd>{bank.branch}</dd>
        <dt>Account name</dt>
        <dd>{bank.accountName}</dd>
        <dt>Account number</dt>
        <dd>{bank.accountNumber}</dd>
        <dt>SWIFT</dt>
        <dd>{bank.swift}</dd>
        <dt>Reference</dt>
        <dd>
          <strong>{bank.reference}</strong>
        </dd>
        <dt>Amount</dt>
        <dd>{formatPrice(order.total, 'KSH')}</dd>
      </chakra.dl>
    </chakra.section>
  )
}
