import { Box } from '@chakra-ui/react/box'
import { Input } from '@chakra-ui/react/input'
import { chakra } from '@chakra-ui/react/styled-system'
import { getRouteApi } from '@tanstack/react-router'
import { useState } from 'react'
import { DownloadIcon } from '@/components/icons'
import { notify } from '@/components/toaster'
import { formatPrice } from '@/lib/money'
import { formatKenyanPhone } from '@/lib/phone'
import { getSupabase } from '@/lib/supabase'
import {
  defaultPeriod,
  orderStatuses,
  paymentMethods,
  paymentStatuses,
  periods,
  type Period,
  type TransactionsSearch,
} from '../admin-search'
import { errorMessage } from '../api/admin-api-error'
import { EXPORT_LIMIT, fetchOrdersForExport, listOrders, ORDERS_PAGE_SIZE } from '../api/orders-api'
import { dayString } from '../date-range'
import {
  orderStateLabel,
  orderStatusLabel,
  orderStatusTone,
  paymentMethodLabel,
  paymentStatusLabel,
  paymentStatusTone,
  periodLabel,
} from '../labels'
import { downloadText, ordersCsv } from '../order-csv'
import { useFollowNewOrders } from '../new-orders'
import { useAdminQuery } from '../use-admin-query'
import { ListSearch, PagedResults, useListSearch } from './admin-list'
import {
  ActionsHeader,
  AdminButton,
  AdminPage,
  FilterSelect,
  formatDateTime,
  Label,
  Panel,
  StatusBadge,
  wideOnly,
} from './admin-ui'
import { OrderDetailPanel } from './order-detail'

const route = getRouteApi('/admin/transactions')

export function AdminTransactionsPage() {
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const { order, ...listSearch } = search
  const key = JSON.stringify(listSearch)
  const query = useAdminQuery(`orders:${key}`, (client) => listOrders(client, listSearch))
  useFollowNewOrders(query.reload, true)
  const page = query.data ?? query.previous
  const [exporting, setExporting] = useState(false)

  const setSearch = useListSearch(navigate)

  const exportCsv = async () => {
    setExporting(true)
    try {
      const { rows, truncated } = await fetchOrdersForExport(await getSupabase(), listSearch)
      downloadText(`luxe-kenya-orders-${dayString(new Date())}.csv`, ordersCsv(rows))
      notify({
        type: truncated ? 'warning' : 'success',
        title: `Exported ${rows.length} orders`,
        description: truncated
          ? `Only the first ${EXPORT_LIMIT.toLocaleString('en-KE')}: narrow the dates to export the rest.`
          : undefined,
      })
    } catch (error) {
      notify({ type: 'error', title: 'Export failed', description: errorMessage(error) })
    } finally {
      setExporting(false)
    }
  }

  return (
    <AdminPage
      title="Transactions"
      description="Orders and their payments. Open an order to move it along."
      actions={
        <AdminButton
          tone="secondary"
          onClick={() => void exportCsv()}
          loading={exporting}
          loadingText="Exporting…"
          disabled={!page || page.count === 0}
        >
          <DownloadIcon size={16} /> Export CSV
        </AdminButton>
      }
    >
      <Panel>
        <OrderFilters search={search} onChange={setSearch} />
        <PagedResults
          query={query}
          loadingLabel="Loading orders…"
          empty="No orders match these filters."
          tableLabel="Orders"
          pager={{
            label: 'Order pages',
            page: search.page ?? 1,
            pageSize: ORDERS_PAGE_SIZE,
            onPage: (next) => setSearch({ page: next > 1 ? next : undefined }, true),
          }}
        >
          {(rows) => (
            <>
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <chakra.th scope="col" {...wideOnly}>
                    Customer
                  </chakra.th>
                  <th scope="col" data-numeric="">
                    Total
                  </th>
                  <th scope="col">Status</th>
                  <chakra.th scope="col" {...wideOnly}>
                    Payment
                  </chakra.th>
                  <ActionsHeader />
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td>
                      <chakra.span fontWeight="medium" display="block" whiteSpace="nowrap">
                        {row.order_number}
                      </chakra.span>
                      <chakra.span fontSize="xs" color="brand.muted" display="block">
                        {formatDateTime(row.created_at)}
                      </chakra.span>
                      <chakra.span
                        fontSize="xs"
                        color="brand.muted"
                        display={{ base: 'block', md: 'none' }}
                      >
                        {row.customer_name}
                      </chakra.span>
                    </td>
                    <chakra.td {...wideOnly}>
                      {row.customer_name}
                      <chakra.span display="block" fontSize="xs" color="brand.muted">
                        {formatKenyanPhone(row.phone)}
                      </chakra.span>
                    </chakra.td>
                    <td data-numeric="">
                      <chakra.span whiteSpace="nowrap">{formatPrice(row.total, 'KSH')}</chakra.span>
                    </td>
                    <td>
                      <StatusBadge tone={orderStatusTone[row.status]}>
                        {orderStateLabel(row)}
                      </StatusBadge>
                      <chakra.span display={{ base: 'block', md: 'none' }} mt="1">
                        <StatusBadge tone={paymentStatusTone[row.payment_status]}>
                          {paymentStatusLabel[row.payment_status]}
                        </StatusBadge>
                      </chakra.span>
                    </td>
                    <chakra.td {...wideOnly}>
                      <chakra.span display="block" fontSize="xs" mb="1">
                        {paymentMethodLabel[row.payment_method]}
                      </chakra.span>
                      <StatusBadge tone={paymentStatusTone[row.payment_status]}>
                        {paymentStatusLabel[row.payment_status]}
                      </StatusBadge>
                    </chakra.td>
                    <td>
                      <AdminButton
                        tone="secondary"
                        onClick={() => setSearch({ order: row.order_number }, true)}
                        aria-label={`Open order ${row.order_number}`}
                      >
                        Open
                      </AdminButton>
                    </td>
                  </tr>
                ))}
              </tbody>
            </>
          )}
        </PagedResults>
      </Panel>

      {order ? (
        <OrderDetailPanel
          key={order}
          orderNumber={order}
          onClose={() => setSearch({ order: undefined }, true)}
          onChanged={query.reload}
        />
      ) : null}
    </AdminPage>
  )
}

function OrderFilters({
  search,
  onChange,
}: {
  search: TransactionsSearch
  onChange: (changes: Partial<TransactionsSearch>) => void
}) {
  const period = search.period ?? defaultPeriod
  const today = dayString(new Date())

  return (
    <Box
      display="grid"
      gridTemplateColumns={{ base: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' }}
      gap="3"
      alignItems="end"
    >
      <ListSearch
        id="order-search"
        label="Search orders"
        placeholder="Order number, phone or email"
        value={search.q}
        onSearch={(q) => onChange({ q })}
        gridColumn="1 / -1"
      />
      <FilterSelect
        id="order-status"
        label="Order status"
        value={search.status ?? ''}
        onChange={(value) =>
          onChange({ status: (value || undefined) as TransactionsSearch['status'] })
        }
        options={[
          ['', 'Any status'],
          ...orderStatuses.map((s) => [s, orderStatusLabel[s]] as const),
        ]}
      />
      <FilterSelect
        id="order-method"
        label="Payment method"
        value={search.method ?? ''}
        onChange={(value) =>
          onChange({ method: (value || undefined) as TransactionsSearch['method'] })
        }
        options={[
          ['', 'Any method'],
          ...paymentMethods.map((m) => [m, paymentMethodLabel[m]] as const),
        ]}
      />
      <FilterSelect
        id="order-payment"
        label="Payment status"
        value={search.payment ?? ''}
        onChange={(value) =>
          onChange({ payment: (value || undefined) as TransactionsSearch['payment'] })
        }
        options={[
          ['', 'Any payment status'],
          ...paymentStatuses.map((s) => [s, paymentStatusLabel[s]] as const),
        ]}
      />
      <FilterSelect
        id="order-period"
        label="Placed"
        value={period}
        onChange={(value) => {
          const next = value as Period
          onChange({
            period: next === defaultPeriod ? undefined : next,
            ...(next === 'custom'
              ? { from: search.from ?? today, to: search.to ?? today }
              : { from: undefined, to: undefined }),
          })
        }}
        options={periods.map((p) => [p, periodLabel[p]] as const)}
      />
      {period === 'custom' ? (
        <>
          <DateInput
            id="order-from"
            label="From"
            value={search.from ?? ''}
            max={today}
            onChange={(from) => onChange({ from })}
          />
          <DateInput
            id="order-to"
            label="To"
            value={search.to ?? ''}
            max={today}
            onChange={(to) => onChange({ to })}
          />
        </>
      ) : null}
    </Box>
  )
}

function DateInput({
  id,
  label,
  value,
  max,
  onChange,
}: {
  id: string
  label: string
  value: string
  max: string
  onChange: (value: string | undefined) => void
}) {
  return (
    <Box>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="date"
        value={value}
        max={max}
        onChange={(event) => onChange(event.target.value || undefined)}
      />
    </Box>
  )
}
