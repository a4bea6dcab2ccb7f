import { Box } from '@chakra-ui/react/box'
import { Input } from '@chakra-ui/react/input'
import { chakra } from '@chakra-ui/react/styled-system'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useId, useState, type FormEvent } from 'react'
import { notify } from '@/components/toaster'
import { formatPrice } from '@/lib/money'
import { formatKenyanPhone } from '@/lib/phone'
import { getSupabase } from '@/lib/supabase'
import { errorMessage } from '../api/admin-api-error'
import { listAffiliates, type AffiliateSummary } from '../api/affiliates-api'
import {
  listPayouts,
  MPESA_REFERENCE_PATTERN,
  normalizeMpesaReference,
  recordPayout,
} from '../api/payouts-api'
import { useStaff } from '../staff-context'
import { useAdminQuery } from '../use-admin-query'
import {
  ActionsHeader,
  AdminButton,
  AdminPage,
  AffiliateCell,
  describe,
  EmptyState,
  ErrorState,
  Field,
  formatDateTime,
  LoadingState,
  Panel,
  StatusBadge,
  Table,
  TableScroll,
  TextArea,
  wideOnly,
} from './admin-ui'
import { ConfirmDialog } from './confirm-dialog'

const route = getRouteApi('/admin/payouts')

/** Admins only. Managers never reach the data (RLS); the page tells them why it is empty. */
export function AdminPayoutsPage() {
  const { isAdmin } = useStaff()
  if (!isAdmin) {
    return (
      <AdminPage title="Payouts">
        <Panel>
          <chakra.p>Payouts are for admins only. Ask an admin to pay affiliates.</chakra.p>
          <chakra.p mt="3">
            <Link to="/admin">
              <chakra.span textDecoration="underline">Back to the overview</chakra.span>
            </Link>
          </chakra.p>
        </Panel>
      </AdminPage>
    )
  }
  return <Payouts />
}

function Payouts() {
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const [revision, setRevision] = useState(0)
  const affiliates = useAdminQuery(`payout-affiliates:${revision}`, listAffiliates)
  const history = useAdminQuery(`payouts:${revision}`, (client) => listPayouts(client))
  const due = (affiliates.data ?? affiliates.previous ?? []).filter((a) => a.due > 0)
  const paying = search.pay ? due.find((a) => a.id === search.pay) : undefined
  const totalDue = due.reduce((sum, a) => sum + a.due, 0)

  const setPaying = (id: string | undefined) =>
    void navigate({ search: id ? { pay: id } : {}, replace: id === undefined })

  return (
    <AdminPage
      title="Payouts"
      description="Send the money by M-Pesa first, then record it here with the transaction code."
    >
      <Box display="grid" gap="5">
        <Panel title={`Balance due${totalDue > 0 ? `: ${formatPrice(totalDue, 'KSH')}` : ''}`}>
          {affiliates.error ? (
            <ErrorState message={affiliates.error} onRetry={affiliates.reload} />
          ) : null}
          {!affiliates.data && !affiliates.previous && !affiliates.error ? (
            <LoadingState label="Working out balances…" />
          ) : null}
          {affiliates.data && due.length === 0 ? (
            <EmptyState>Nothing to pay: no affiliate has approved, unpaid commission.</EmptyState>
          ) : null}
          {due.length > 0 ? (
            <TableScroll label="Balance due">
              <Table>
                <thead>
                  <tr>
                    <th scope="col">Affiliate</th>
                    <chakra.th scope="col" {...wideOnly}>
                      M-Pesa number
                    </chakra.th>
                    <th scope="col" data-numeric="">
                      Due
                    </th>
                    <ActionsHeader />
                  </tr>
                </thead>
                <tbody>
                  {due.map((affiliate) => (
                    <tr key={affiliate.id}>
                      <td>
                        <AffiliateCell affiliate={affiliate} />
                      </td>
                      <chakra.td {...wideOnly}>
                        {affiliate.payoutPhone ? formatKenyanPhone(affiliate.payoutPhone) : '—'}
                      </chakra.td>
                      <td data-numeric="">
                        <chakra.span whiteSpace="nowrap" fontWeight="semibold">
                          {formatPrice(affiliate.due, 'KSH')}
                        </chakra.span>
                      </td>
                      <td>
                        <AdminButton
                          onClick={() => setPaying(affiliate.id)}
                          aria-label={`Record payout to ${affiliate.code.toUpperCase()}`}
                        >
                          Record payout
                        </AdminButton>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </TableScroll>
          ) : null}
          {paying ? (
            <PayoutForm
              key={paying.id}
              affiliate={paying}
              onDone={() => {
                setPaying(undefined)
                setRevision((r) => r + 1)
              }}
              onCancel={() => setPaying(undefined)}
            />
          ) : null}
        </Panel>

        <Panel title="Payout history">
          {history.error ? <ErrorState message={history.error} onRetry={history.reload} /> : null}
          {!history.data && !history.previous && !history.error ? <LoadingState /> : null}
          {(history.data ?? history.previous)?.length === 0 ? (
            <EmptyState>No payouts recorded yet.</EmptyState>
          ) : null}
          {(history.data ?? history.previous)?.length ? (
            <TableScroll label="Payout history">
              <Table>
                <thead>
                  <tr>
                    <th scope="col">Date</th>
                    <th scope="col">Affiliate</th>
                    <th scope="col" data-numeric="">
                      Amount
                    </th>
                    <chakra.th scope="col" {...wideOnly}>
                      M-Pesa code
                    </chakra.th>
                    <chakra.th scope="col" {...wideOnly}>
                      Note
                    </chakra.th>
                  </tr>
                </thead>
                <tbody>
                  {(history.data ?? history.previous)!.map((payout) => (
                    <tr key={payout.id}>
                      <td>{formatDateTime(payout.paid_at ?? payout.created_at)}</td>
                      <td>
                        {payout.affiliate?.code.toUpperCase() ?? '—'}
                        <chakra.span display={{ base: 'block', md: 'none' }} fontSize="xs">
                          {payout.mpesa_reference ?? ''}
                        </chakra.span>
                      </td>
                      <td data-numeric="">
                        <chakra.span whiteSpace="nowrap">
                          {formatPrice(payout.amount, 'KSH')}
                        </chakra.span>
                        {payout.status !== 'paid' ? (
                          <chakra.span display="block">
                            <StatusBadge tone={payout.status === 'failed' ? 'red' : 'orange'}>
                              {payout.status === 'failed' ? 'Failed' : 'Not sent'}
                            </StatusBadge>
                          </chakra.span>
                        ) : null}
                      </td>
                      <chakra.td {...wideOnly}>{payout.mpesa_reference ?? '—'}</chakra.td>
                      <chakra.td {...wideOnly}>{payout.note ?? ''}</chakra.td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </TableScroll>
          ) : null}
        </Panel>
      </Box>
    </AdminPage>
  )
}

function PayoutForm({
  affiliate,
  onDone,
  onCancel,
}: {
  affiliate: AffiliateSummary
  onDone: () => void
  onCancel: () => void
}) {
  const id = useId()
  const [reference, setReference] = useState('')
  const [note, setNote] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const code = affiliate.code.toUpperCase()
  const normalized = normalizeMpesaReference(reference)

  const review = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!MPESA_REFERENCE_PATTERN.test(normalized)) {
      setError('Enter the M-Pesa transaction code from the confirmation SMS, e.g. QK7ABC1234.')
      document.getElementById(`${id}-reference`)?.focus()
      return
    }
    setError(null)
    setConfirming(true)
  }

  const save = async () => {
    setBusy(true)
    try {
      const payout = await recordPayout(await getSupabase(), affiliate.id, normalized, note)
      notify({
        type: 'success',
        title: `Payout recorded: ${formatPrice(payout.amount, 'KSH')} to ${code}`,
      })
      onDone()
    } catch (caught) {
      setConfirming(false)
      setError(errorMessage(caught))
    } finally {
      setBusy(false)
    }
  }

  return (
    <chakra.form
      onSubmit={review}
      noValidate
      mt="5"
      p="4"
      bg="brand.cream"
      borderWidth="1px"
      borderColor="brand.line"
      display="grid"
      gap="4"
      aria-labelledby={`${id}-title`}
    >
      <chakra.h3 id={`${id}-title`} fontWeight="semibold">
        Pay {code} {formatPrice(affiliate.due, 'KSH')}
      </chakra.h3>
      <chakra.p fontSize="sm">
        Send {formatPrice(affiliate.due, 'KSH')} to{' '}
        <strong>
          {affiliate.payoutPhone ? formatKenyanPhone(affiliate.payoutPhone) : 'their M-Pesa number'}
        </strong>
        {affiliate.name ? ` (${affiliate.name})` : ''}, then enter the M-Pesa code below.
      </chakra.p>
      <Field
        id={`${id}-reference`}
        label="M-Pesa transaction code"
        hint="From the confirmation SMS, e.g. QK7ABC1234"
        error={error ?? undefined}
      >
        <Input
          id={`${id}-reference`}
          value={reference}
          onChange={(event) => setReference(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          bg="white"
          {...describe(`${id}-reference`, error ?? undefined, true)}
        />
      </Field>
      <Field id={`${id}-note`} label="Note (optional)">
        <TextArea
          id={`${id}-note`}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          rows={2}
          maxLength={500}
        />
      </Field>
      <Box display="flex" gap="2" flexWrap="wrap">
        <AdminButton type="submit">Record payout</AdminButton>
        <AdminButton tone="secondary" onClick={onCancel}>
          Cancel
        </AdminButton>
      </Box>
      <ConfirmDialog
        open={confirming}
        title={`Record ${formatPrice(affiliate.due, 'KSH')} paid to ${code}?`}
        confirmLabel="Record payout"
        busy={busy}
        onConfirm={() => void save()}
        onCancel={() => setConfirming(false)}
      >
        <chakra.p>
          M-Pesa code <strong>{normalized}</strong>. Their approved commissions are marked as paid,
          and they see this payout in their affiliate dashboard.
        </chakra.p>
      </ConfirmDialog>
    </chakra.form>
  )
}
