import { Box } from '@chakra-ui/react/box'
import { Input } from '@chakra-ui/react/input'
import { chakra } from '@chakra-ui/react/styled-system'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { buttonLinkStyle } from '@/components/button-link'
import { store } from '@/config/site'
import { formatPrice } from '@/lib/money'
import { formatKenyanPhone } from '@/lib/phone'
import {
  shareLink,
  whatsappShareLink,
  type MyAffiliate,
  type ReferredOrder,
} from '../api/affiliate-program-api'
import { PanelTitle } from './affiliate-program-title'

const orderStatus: Record<ReferredOrder['status'], string> = {
  pending: 'Placed',
  confirmed: 'Confirmed',
  dispatched: 'On its way',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
}

const commissionStatus: Record<NonNullable<ReferredOrder['commission']>['status'], string> = {
  pending: 'Pending delivery',
  approved: 'Approved',
  paid: 'Paid',
  reversed: 'Reversed',
}

const date = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium' })
const formatDate = (iso: string | null) => (iso ? date.format(new Date(iso)) : '—')

const tableStyle = {
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: 'sm',
  '& th, & td': {
    textAlign: 'start',
    px: '2',
    py: '2',
    borderBottomWidth: '1px',
    borderColor: 'brand.line',
  },
  '& th': { color: 'brand.muted', fontWeight: 'semibold', fontSize: 'xs' },
  '& [data-numeric]': { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
} as const

/** An approved affiliate's dashboard: their link, what it has earned, and what has been paid. */
export function AffiliateProgramDashboard({ affiliate }: { affiliate: MyAffiliate }) {
  const code = affiliate.code.toUpperCase()
  const link = shareLink(window.location.origin, affiliate.code)
  const message = `Shop ${store.name}, premium fashion delivered across Kenya: ${link}`

  return (
    <Box display="grid" gap="8">
      <Box>
        <PanelTitle>Your affiliate dashboard</PanelTitle>
        <chakra.p color="brand.charcoal">
          Your code is <chakra.strong fontSize="lg">{code}</chakra.strong>. You earn{' '}
          {affiliate.commissionPercent}% of the subtotal of every paid order placed through your
          link.
          {affiliate.payoutPhone
            ? ` Payouts go to ${formatKenyanPhone(affiliate.payoutPhone)}.`
            : ''}
        </chakra.p>
      </Box>

      <ShareLink link={link} message={message} />

      <Box>
        <SubTitle>Your commission</SubTitle>
        <chakra.dl
          display="grid"
          gridTemplateColumns={{ base: '1fr 1fr', md: 'repeat(3, 1fr)' }}
          gap="3"
        >
          <Total label="Pending" value={affiliate.totals.pending} hint="Paid orders on their way" />
          <Total
            label="Approved"
            value={affiliate.totals.approved}
            hint="Delivered, to be paid out"
          />
          <Total label="Paid" value={affiliate.totals.paid} hint="Sent to your M-Pesa" />
        </chakra.dl>
        {affiliate.totals.reversed > 0 ? (
          <chakra.p fontSize="sm" color="brand.muted" mt="2">
            {formatPrice(affiliate.totals.reversed, 'KSH')} was reversed on cancelled orders.
          </chakra.p>
        ) : null}
      </Box>

      <Box>
        <SubTitle>Referred orders ({affiliate.referredOrders})</SubTitle>
        {affiliate.orders.length === 0 ? (
          <chakra.p color="brand.muted">
            No orders yet. Share your link: orders placed within 30 days of a visit through it
            count.
          </chakra.p>
        ) : (
          <Box overflowX="auto">
            <chakra.table css={tableStyle}>
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Date</th>
                  <th scope="col">Status</th>
                  <th scope="col" data-numeric="">
                    Commission
                  </th>
                </tr>
              </thead>
              <tbody>
                {affiliate.orders.map((order) => (
                  <tr key={order.orderNumber}>
                    <td>{order.orderNumber}</td>
                    <td>{formatDate(order.createdAt)}</td>
                    <td>{orderStatus[order.status]}</td>
                    <td data-numeric="">
                      {order.commission ? (
                        <>
                          {formatPrice(order.commission.amount, 'KSH')}
                          <chakra.span display="block" fontSize="xs" color="brand.muted">
                            {commissionStatus[order.commission.status]}
                          </chakra.span>
                        </>
                      ) : (
                        <chakra.span fontSize="xs" color="brand.muted">
                          {order.status === 'cancelled' ? 'None' : 'When paid'}
                        </chakra.span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </chakra.table>
          </Box>
        )}
      </Box>

      <Box>
        <SubTitle>Your payouts</SubTitle>
        {affiliate.payouts.length === 0 ? (
          <chakra.p color="brand.muted">
            No payouts yet. Approved commission is paid to your M-Pesa.
          </chakra.p>
        ) : (
          <Box overflowX="auto">
            <chakra.table css={tableStyle}>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col" data-numeric="">
                    Amount
                  </th>
                  <th scope="col">M-Pesa code</th>
                </tr>
              </thead>
              <tbody>
                {affiliate.payouts.map((payout) => (
                  <tr key={payout.id}>
                    <td>{formatDate(payout.paidAt ?? payout.createdAt)}</td>
                    <td data-numeric="">
                      {formatPrice(payout.amount, 'KSH')}
                      {payout.status !== 'paid' ? (
                        <chakra.span display="block" fontSize="xs" color="brand.muted">
                          {payout.status === 'failed' ? 'Failed' : 'Being sent'}
                        </chakra.span>
                      ) : null}
                    </td>
                    <td>{payout.mpesaReference ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </chakra.table>
          </Box>
        )}
      </Box>
    </Box>
  )
}

function SubTitle({ children }: { children: ReactNode }) {
  return (
    <chakra.h3 fontFamily="heading" fontSize="xl" color="brand.ink" mb="3">
      {children}
    </chakra.h3>
  )
}

function Total({ label, value, hint }: { label: string; value: number; hint: string }) {
  return (
    <Box bg="brand.cream" borderWidth="1px" borderColor="brand.line" p="3">
      <chakra.dt fontSize="xs" textTransform="uppercase" letterSpacing="0.08em" color="brand.muted">
        {label}
      </chakra.dt>
      <chakra.dd fontSize="xl" fontWeight="semibold" color="brand.ink">
        {formatPrice(value, 'KSH')}
      </chakra.dd>
      <chakra.dd fontSize="xs" color="brand.muted">
        {hint}
      </chakra.dd>
    </Box>
  )
}

/** The link with a copy button and a WhatsApp share link (a plain link: nothing is sent for them). */
function ShareLink({ link, message }: { link: string; message: string }) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null)
  const input = useRef<HTMLInputElement>(null)

  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(null), 4000)
    return () => clearTimeout(timer)
  }, [copied])

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link)
      setCopied('yes')
    } catch {
      // No clipboard permission (an old browser, an insecure origin): select it for a manual copy.
      input.current?.select()
      setCopied('no')
    }
  }

  return (
    <Box>
      <chakra.label htmlFor="affiliate-share-link" display="block" fontWeight="medium" mb="1.5">
        Your share link
      </chakra.label>
      <Box display="flex" gap="2" flexDirection={{ base: 'column', sm: 'row' }}>
        <Input
          id="affiliate-share-link"
          ref={input}
          value={link}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          fontFamily="mono"
          fontSize="sm"
        />
        <chakra.button type="button" onClick={() => void copy()} css={buttonLinkStyle('solid')}>
          Copy link
        </chakra.button>
      </Box>
      <chakra.p
        role="status"
        aria-live="polite"
        fontSize="sm"
        mt="2"
        minH="5"
        color="brand.kenyaGreen"
      >
        {copied === 'yes'
          ? 'Link copied.'
          : copied === 'no'
            ? 'Press and hold the link to copy it.'
            : ''}
      </chakra.p>
      <chakra.a
        href={whatsappShareLink(message)}
        target="_blank"
        rel="noopener noreferrer"
        css={buttonLinkStyle('outline')}
        mt="2"
      >
        Share on WhatsApp
      </chakra.a>
    </Box>
  )
}
