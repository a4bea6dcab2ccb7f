import { Box } from '@chakra-ui/react/box'
import { Input } from '@chakra-ui/react/input'
import { chakra } from '@chakra-ui/react/styled-system'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { Drawer } from '@/components/drawer'
import { notify } from '@/components/toaster'
import { formatPrice } from '@/lib/money'
import { formatKenyanPhone } from '@/lib/phone'
import { getSupabase } from '@/lib/supabase'
import { affiliateStatuses, type AffiliateStatus, type AffiliatesSearch } from '../admin-search'
import { errorMessage } from '../api/admin-api-error'
import {
  fetchReferredOrders,
  listAffiliates,
  reviewAffiliate,
  type AffiliateSummary,
} from '../api/affiliates-api'
import {
  affiliateStatusLabel,
  affiliateStatusTone,
  commissionStatusLabel,
  commissionStatusTone,
  orderStatusLabel,
  orderStatusTone,
} from '../labels'
import { useStaff } from '../staff-context'
import { useAdminQuery } from '../use-admin-query'
import {
  ActionsHeader,
  AdminButton,
  AdminPage,
  AffiliateCell,
  EmptyState,
  ErrorState,
  FilterSelect,
  formatDate,
  Label,
  LoadingState,
  Panel,
  StatCard,
  StatusBadge,
  Table,
  TableScroll,
  wideOnly,
} from './admin-ui'

const route = getRouteApi('/admin/affiliates')

function matches(affiliate: AffiliateSummary, search: AffiliatesSearch): boolean {
  if (search.status && affiliate.status !== search.status) return false
  const q = search.q?.toLowerCase()
  if (!q) return true
  return [affiliate.code, affiliate.name ?? '', affiliate.email ?? '', affiliate.payoutPhone ?? '']
    .join(' ')
    .toLowerCase()
    .includes(q)
}

export function AdminAffiliatesPage() {
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const query = useAdminQuery('affiliates', listAffiliates)
  const all = query.data ?? query.previous
  const shown = all?.filter((affiliate) => matches(affiliate, search)) ?? []
  const open = search.show ? all?.find((a) => a.id === search.show) : undefined
  const applications = all?.filter((a) => a.status === 'pending').length ?? 0

  const setSearch = (changes: Partial<AffiliatesSearch>, push = false) =>
    void navigate({ search: (prev) => ({ ...prev, ...changes }), replace: !push })

  return (
    <AdminPage
      title="Affiliates"
      description={
        applications > 0
          ? `${applications} application${applications === 1 ? '' : 's'} waiting for review.`
          : 'Review applications, set commission rates and follow what each affiliate earns.'
      }
    >
      <Panel>
        <Box
          display="grid"
          gridTemplateColumns={{ base: '1fr', sm: '2fr 1fr' }}
          gap="3"
          alignItems="end"
          mb="4"
        >
          <Box>
            <Label htmlFor="affiliate-search">Search affiliates</Label>
            <Input
              id="affiliate-search"
              type="search"
              value={search.q ?? ''}
              onChange={(event) => setSearch({ q: event.target.value || undefined })}
              placeholder="Code, name, email or phone"
              autoComplete="off"
            />
          </Box>
          <FilterSelect
            id="affiliate-status"
            label="Status"
            value={search.status ?? ''}
            onChange={(value) => setSearch({ status: (value || undefined) as AffiliateStatus })}
            options={[
              ['', 'All'],
              ...affiliateStatuses.map((s) => [s, affiliateStatusLabel[s]] as const),
            ]}
          />
        </Box>
        {query.error ? <ErrorState message={query.error} onRetry={query.reload} /> : null}
        {!all && !query.error ? <LoadingState label="Loading affiliates…" /> : null}
        {all ? (
          shown.length === 0 ? (
            <EmptyState>
              {all.length === 0 ? 'Nobody has applied yet.' : 'No affiliate matches.'}
            </EmptyState>
          ) : (
            <TableScroll label="Affiliates">
              <Table>
                <thead>
                  <tr>
                    <th scope="col">Affiliate</th>
                    <th scope="col">Status</th>
                    <chakra.th scope="col" data-numeric="" {...wideOnly}>
                      Rate
                    </chakra.th>
                    <chakra.th scope="col" data-numeric="" {...wideOnly}>
                      Orders
                    </chakra.th>
                    <th scope="col" data-numeric="">
                      Earned
                    </th>
                    <ActionsHeader />
                  </tr>
                </thead>
                <tbody>
                  {shown.map((affiliate) => (
                    <tr key={affiliate.id}>
                      <td>
                        <AffiliateCell affiliate={affiliate} />
                      </td>
                      <td>
                        <StatusBadge tone={affiliateStatusTone[affiliate.status]}>
                          {affiliateStatusLabel[affiliate.status]}
                        </StatusBadge>
                      </td>
                      <chakra.td data-numeric="" {...wideOnly}>
                        {affiliate.commissionPercent}%
                      </chakra.td>
                      <chakra.td data-numeric="" {...wideOnly}>
                        {affiliate.referredOrders}
                      </chakra.td>
                      <td data-numeric="">
                        <chakra.span whiteSpace="nowrap">
                          {formatPrice(
                            affiliate.totals.pending +
                              affiliate.totals.approved +
                              affiliate.totals.paid,
                            'KSH',
                          )}
                        </chakra.span>
                        {affiliate.due > 0 ? (
                          <chakra.span display="block" fontSize="xs" color="brand.goldDeep">
                            {formatPrice(affiliate.due, 'KSH')} due
                          </chakra.span>
                        ) : null}
                      </td>
                      <td>
                        <AdminButton
                          tone={affiliate.status === 'pending' ? 'primary' : 'secondary'}
                          onClick={() => setSearch({ show: affiliate.id }, true)}
                          aria-label={`${affiliate.status === 'pending' ? 'Review' : 'Open'} affiliate ${affiliate.code.toUpperCase()}`}
                        >
                          {affiliate.status === 'pending' ? 'Review' : 'Open'}
                        </AdminButton>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </TableScroll>
          )
        ) : null}
      </Panel>

      {open ? (
        <AffiliateDetail
          key={open.id}
          affiliate={open}
          onClose={() => setSearch({ show: undefined }, true)}
          onChanged={query.reload}
        />
      ) : null}
    </AdminPage>
  )
}

function AffiliateDetail({
  affiliate,
  onClose,
  onChanged,
}: {
  affiliate: AffiliateSummary
  onClose: () => void
  onChanged: () => void
}) {
  const { isAdmin } = useStaff()
  const orders = useAdminQuery(
    `affiliate-orders:${affiliate.id}:${affiliate.totals.approved}`,
    (client) => fetchReferredOrders(client, affiliate.id),
  )
  const [busy, setBusy] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [rate, setRate] = useState(String(affiliate.commissionPercent))
  const code = affiliate.code.toUpperCase()

  const review = async (
    status: AffiliateStatus,
    commissionPercent?: number,
    what: string = status,
  ) => {
    setBusy(what)
    setProblem(null)
    try {
      await reviewAffiliate(await getSupabase(), affiliate.id, status, commissionPercent)
      notify({
        type: 'success',
        title:
          what === 'rate'
            ? `${code} now earns ${commissionPercent}%`
            : `${code} is ${affiliateStatusLabel[status].toLowerCase()}`,
      })
      onChanged()
    } catch (error) {
      setProblem(errorMessage(error))
    } finally {
      setBusy(null)
    }
  }

  const saveRate = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const value = Number(rate)
    if (!/^\d{1,2}$/.test(rate.trim()) || value > 50) {
      setProblem('The commission must be a whole number from 0 to 50 percent.')
      return
    }
    void review(affiliate.status, value, 'rate')
  }

  return (
    <Drawer open onClose={onClose} title={`Affiliate ${code}`} size="md">
      <Box display="grid" gap="6" pb="4">
        <Box>
          <Box display="flex" gap="2" alignItems="center" flexWrap="wrap">
            <StatusBadge tone={affiliateStatusTone[affiliate.status]}>
              {affiliateStatusLabel[affiliate.status]}
            </StatusBadge>
            <chakra.span fontSize="sm" color="brand.muted">
              Applied {formatDate(affiliate.createdAt)}
              {affiliate.approvedAt ? ` · approved ${formatDate(affiliate.approvedAt)}` : ''}
            </chakra.span>
          </Box>
          <chakra.p fontWeight="medium" mt="3">
            {affiliate.name || 'No name given'}
          </chakra.p>
          {affiliate.email ? (
            <chakra.p wordBreak="break-all">
              <chakra.a href={`mailto:${affiliate.email}`} textDecoration="underline">
                {affiliate.email}
              </chakra.a>
            </chakra.p>
          ) : null}
          <chakra.p fontSize="sm" mt="1">
            M-Pesa for payouts:{' '}
            {affiliate.payoutPhone ? formatKenyanPhone(affiliate.payoutPhone) : 'not given'}
          </chakra.p>
        </Box>

        <Box display="flex" flexWrap="wrap" gap="2">
          {affiliate.status !== 'approved' ? (
            <AdminButton
              onClick={() => void review('approved')}
              loading={busy === 'approved'}
              disabled={busy !== null}
            >
              {affiliate.status === 'pending' ? 'Approve application' : 'Approve again'}
            </AdminButton>
          ) : null}
          {affiliate.status !== 'suspended' ? (
            <AdminButton
              tone="danger"
              onClick={() => void review('suspended')}
              loading={busy === 'suspended'}
              disabled={busy !== null}
            >
              {affiliate.status === 'pending' ? 'Decline' : 'Suspend'}
            </AdminButton>
          ) : null}
        </Box>

        <chakra.form onSubmit={saveRate} display="flex" gap="2" alignItems="end" flexWrap="wrap">
          <Box>
            <Label htmlFor={`rate-${affiliate.id}`}>Commission rate (%)</Label>
            <Input
              id={`rate-${affiliate.id}`}
              inputMode="numeric"
              w="7rem"
              value={rate}
              onChange={(event) => setRate(event.target.value)}
              aria-describedby={`rate-${affiliate.id}-hint`}
            />
          </Box>
          <AdminButton
            type="submit"
            tone="secondary"
            loading={busy === 'rate'}
            disabled={busy !== null || rate === String(affiliate.commissionPercent)}
          >
            Save rate
          </AdminButton>
          <chakra.p id={`rate-${affiliate.id}-hint`} fontSize="xs" color="brand.muted" w="100%">
            0 to 50. Applies to orders paid from now on; earned commission keeps its rate.
          </chakra.p>
        </chakra.form>

        {problem ? (
          <chakra.p role="alert" color="brand.sale" fontSize="sm">
            {problem}
          </chakra.p>
        ) : null}

        <chakra.dl display="grid" gridTemplateColumns="repeat(2, minmax(0, 1fr))" gap="2">
          <StatCard
            label="Pending"
            value={formatPrice(affiliate.totals.pending, 'KSH')}
            hint="Paid, not yet delivered"
          />
          <StatCard
            label="Approved"
            value={formatPrice(affiliate.totals.approved, 'KSH')}
            hint="Delivered, to pay out"
          />
          <StatCard label="Paid out" value={formatPrice(affiliate.totals.paid, 'KSH')} />
          <StatCard
            label="Reversed"
            value={formatPrice(affiliate.totals.reversed, 'KSH')}
            hint="Cancelled orders"
          />
        </chakra.dl>
        {isAdmin && affiliate.due > 0 ? (
          <chakra.p>
            <Link to="/admin/payouts" search={{ pay: affiliate.id }}>
              <chakra.span textDecoration="underline" color="brand.goldDeep">
                Record a payout of {formatPrice(affiliate.due, 'KSH')}
              </chakra.span>
            </Link>
          </chakra.p>
        ) : null}

        <Box>
          <chakra.h3 fontWeight="semibold" mb="2">
            Referred orders ({affiliate.referredOrders})
          </chakra.h3>
          {orders.error ? <ErrorState message={orders.error} onRetry={orders.reload} /> : null}
          {!orders.data && !orders.error ? <LoadingState label="Loading orders…" /> : null}
          {orders.data && orders.data.length === 0 ? (
            <EmptyState>No orders through this affiliate yet.</EmptyState>
          ) : null}
          {orders.data && orders.data.length > 0 ? (
            <TableScroll label="Referred orders">
              <Table>
                <thead>
                  <tr>
                    <th scope="col">Order</th>
                    <th scope="col">Status</th>
                    <th scope="col" data-numeric="">
                      Commission
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {orders.data.map((order) => (
                    <tr key={order.id}>
                      <td>
                        <Link
                          to="/admin/transactions"
                          search={{ order: order.order_number, period: 'all' }}
                        >
                          <chakra.span textDecoration="underline">{order.order_number}</chakra.span>
                        </Link>
                        <chakra.span display="block" fontSize="xs" color="brand.muted">
                          {formatDate(order.created_at)} ·{' '}
                          {formatPrice(order.subtotal - order.discount_total, 'KSH')}
                        </chakra.span>
                      </td>
                      <td>
                        <StatusBadge tone={orderStatusTone[order.status]}>
                          {orderStatusLabel[order.status]}
                        </StatusBadge>
                      </td>
                      <td data-numeric="">
                        {order.commission ? (
                          <>
                            <chakra.span display="block" whiteSpace="nowrap">
                              {formatPrice(order.commission.amount, 'KSH')}
                            </chakra.span>
                            <StatusBadge
                              tone={commissionStatusTone[order.commission.status] ?? 'gray'}
                            >
                              {commissionStatusLabel[order.commission.status]}
                            </StatusBadge>
                          </>
                        ) : (
                          <chakra.span fontSize="xs" color="brand.muted">
                            Not paid yet
                          </chakra.span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </TableScroll>
          ) : null}
        </Box>
      </Box>
    </Drawer>
  )
}
