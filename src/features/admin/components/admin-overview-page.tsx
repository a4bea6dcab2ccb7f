import { Box } from '@chakra-ui/react/box'
import { chakra } from '@chakra-ui/react/styled-system'
import { getRouteApi, Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { formatPrice } from '@/lib/money'
import { overviewDays, type OverviewDays } from '../admin-search'
import { fetchOverview, type Overview } from '../api/overview-api'
import { useFollowNewOrders } from '../new-orders'
import { useAdminQuery } from '../use-admin-query'
import {
  AdminPage,
  EmptyState,
  ErrorState,
  LoadingState,
  Panel,
  StatCard,
  Table,
  TableScroll,
} from './admin-ui'
import { DailyChart } from './daily-chart'

const route = getRouteApi('/admin/')

const percent = new Intl.NumberFormat('en-KE', { style: 'percent', maximumFractionDigits: 1 })

export function AdminOverviewPage() {
  const days: OverviewDays = route.useSearch().days ?? 30
  const query = useAdminQuery(`overview:${days}`, (client) => fetchOverview(client, days))
  useFollowNewOrders(query.reload, false)
  const overview = query.data

  return (
    <AdminPage
      title="Overview"
      description="Figures are worked out by the database from every order in the period."
      actions={<PeriodPicker days={days} />}
    >
      {query.error ? <ErrorState message={query.error} onRetry={query.reload} /> : null}
      {!overview && !query.error ? <LoadingState label="Adding up the figures…" /> : null}
      {overview ? <OverviewBody overview={overview} stale={query.loading} /> : null}
    </AdminPage>
  )
}

function PeriodPicker({ days }: { days: OverviewDays }) {
  return (
    <chakra.nav aria-label="Period">
      <chakra.ul listStyleType="none" display="flex" borderWidth="1px" borderColor="brand.ink">
        {overviewDays.map((option) => (
          <li key={option}>
            <Link to="/admin" search={option === 30 ? {} : { days: option }}>
              <chakra.span
                display="inline-flex"
                alignItems="center"
                minH="10"
                px="3"
                fontSize="sm"
                bg={option === days ? 'brand.ink' : 'white'}
                color={option === days ? 'white' : 'brand.ink'}
                aria-current={option === days ? 'true' : undefined}
              >
                {option} days
              </chakra.span>
            </Link>
          </li>
        ))}
      </chakra.ul>
    </chakra.nav>
  )
}

function OverviewBody({ overview, stale }: { overview: Overview; stale: boolean }) {
  const { mpesa, waiting } = overview
  const settled = mpesa.paid + mpesa.failed + mpesa.cancelled
  return (
    <Box display="grid" gap="5" opacity={stale ? 0.6 : 1} aria-busy={stale}>
      <chakra.dl
        display="grid"
        gridTemplateColumns={{ base: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' }}
        gap={{ base: '3', md: '4' }}
      >
        <StatCard
          label="Revenue"
          value={formatPrice(overview.revenue, 'KSH')}
          hint={`${overview.paidOrders} paid orders, delivery included`}
        />
        <StatCard
          label="Orders"
          value={overview.orders}
          hint={
            overview.cancelledOrders ? `${overview.cancelledOrders} cancelled` : 'None cancelled'
          }
        />
        <StatCard
          label="Average order"
          value={
            overview.averageOrderValue === null
              ? '—'
              : formatPrice(overview.averageOrderValue, 'KSH')
          }
          hint="Revenue per paid order"
        />
        <StatCard
          label="M-Pesa success"
          value={mpesa.successRate === null ? '—' : percent.format(mpesa.successRate)}
          hint={
            settled
              ? `${mpesa.paid} paid of ${settled} (${mpesa.failed} failed, ${mpesa.cancelled} cancelled)`
              : 'No M-Pesa payments settled yet'
          }
        />
      </chakra.dl>

      <Panel title="Waiting for you">
        <chakra.ul
          listStyleType="none"
          display="grid"
          gridTemplateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', xl: 'repeat(4, 1fr)' }}
          gap="2"
        >
          <Todo
            count={waiting.pendingOrders}
            text="orders to confirm"
            link={
              <Link
                to="/admin/transactions"
                search={{ status: 'pending', period: 'all' }}
                aria-label="Review orders to confirm"
              >
                Review
              </Link>
            }
          />
          <Todo
            count={waiting.confirmedOrders}
            text="orders to dispatch"
            link={
              <Link
                to="/admin/transactions"
                search={{ status: 'confirmed', period: 'all' }}
                aria-label="Review orders to dispatch"
              >
                Review
              </Link>
            }
          />
          <Todo
            count={waiting.affiliateApplications}
            text="affiliate applications"
            link={
              <Link
                to="/admin/affiliates"
                search={{ status: 'pending' }}
                aria-label="Review affiliate applications"
              >
                Review
              </Link>
            }
          />
          <Todo
            count={overview.lowStockCount}
            text="products low on stock"
            link={
              <Link
                to="/admin/products"
                search={{ low: true, sort: 'stock' }}
                aria-label="Review products low on stock"
              >
                Review
              </Link>
            }
          />
        </chakra.ul>
      </Panel>

      <Panel title={`Orders and revenue, last ${overview.days} days`}>
        <DailyChart points={overview.daily} title={`Last ${overview.days} days`} />
      </Panel>

      <Box display="grid" gridTemplateColumns={{ base: '1fr', xl: '1fr 1fr' }} gap="5">
        <Panel title="Top products">
          {overview.topProducts.length === 0 ? (
            <EmptyState>No paid orders in this period yet.</EmptyState>
          ) : (
            <TableScroll label="Top products">
              <Table>
                <thead>
                  <tr>
                    <th scope="col">Product</th>
                    <th scope="col" data-numeric="">
                      Units
                    </th>
                    <th scope="col" data-numeric="">
                      Revenue
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {overview.topProducts.map((product) => (
                    <tr key={product.productId ?? product.name}>
                      <td>{product.name}</td>
                      <td data-numeric="">{product.units}</td>
                      <td data-numeric="">{formatPrice(product.revenue, 'KSH')}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </TableScroll>
          )}
        </Panel>
        <Panel title="Low stock (5 or fewer)">
          {overview.lowStock.length === 0 ? (
            <EmptyState>Every active product has more than 5 in stock.</EmptyState>
          ) : (
            <TableScroll label="Low stock">
              <Table>
                <thead>
                  <tr>
                    <th scope="col">Product</th>
                    <th scope="col" data-numeric="">
                      In stock
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {overview.lowStock.map((product) => (
                    <tr key={product.id}>
                      <td>
                        <Link to="/admin/products" search={{ edit: product.id }}>
                          <chakra.span textDecoration="underline" textUnderlineOffset="3px">
                            {product.name}
                          </chakra.span>
                        </Link>
                      </td>
                      <td data-numeric="">
                        <chakra.span color={product.stock === 0 ? 'brand.sale' : undefined}>
                          {product.stock === 0 ? 'Sold out' : product.stock}
                        </chakra.span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </TableScroll>
          )}
          {overview.lowStockCount > overview.lowStock.length ? (
            <chakra.p fontSize="sm" mt="3">
              <Link to="/admin/products" search={{ low: true, sort: 'stock' }}>
                All {overview.lowStockCount} low-stock products
              </Link>
            </chakra.p>
          ) : null}
        </Panel>
      </Box>
    </Box>
  )
}

function Todo({ count, text, link }: { count: number; text: string; link: ReactNode }) {
  return (
    <chakra.li
      display="flex"
      alignItems="center"
      justifyContent="space-between"
      gap="2"
      bg={count > 0 ? 'brand.cream' : 'transparent'}
      borderWidth="1px"
      borderColor="brand.line"
      px="3"
      py="2"
      minH="12"
    >
      <chakra.span>
        <chakra.strong fontSize="lg" me="1.5">
          {count}
        </chakra.strong>
        {text}
      </chakra.span>
      {count > 0 ? (
        <chakra.span fontSize="sm" textDecoration="underline" color="brand.goldDeep">
          {link}
        </chakra.span>
      ) : null}
    </chakra.li>
  )
}
