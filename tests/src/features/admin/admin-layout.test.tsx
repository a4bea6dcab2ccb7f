import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { makeStore } from '@/app/store'
import { AdminLayout } from '@/features/admin/components/admin-layout'
import { DailyChart } from '@/features/admin/components/daily-chart'
import { createRoute, renderRoute } from '../catalogue/render-route'

describe('the admin door', () => {
  it('shows a spinner while the session loads, never "no access", then sends a visitor to sign in', async () => {
    localStorage.clear()
    const store = makeStore()
    const { router } = await renderRoute({
      store,
      withCatalogue: false,
      path: '/admin/products?q=bag',
      routes: (root) => {
        const admin = createRoute({
          getParentRoute: () => root,
          path: '/admin',
          component: AdminLayout,
        })
        return [
          admin.addChildren([
            createRoute({
              getParentRoute: () => admin,
              path: '/products',
              component: () => <h1>Products</h1>,
            }),
          ]),
        ]
      },
    })
    expect(store.getState().auth.status).toBe('loading')
    expect(screen.getByRole('status')).toHaveTextContent('Checking your access…')
    expect(screen.queryByText(/don't have access/)).toBeNull()
    expect(screen.queryByRole('heading', { name: 'Products' })).toBeNull()

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'), { timeout: 10_000 })
    expect(router.state.location.searchStr).toBe('?redirect=%2Fadmin%2Fproducts%3Fq%3Dbag')
    expect(screen.queryByRole('heading', { name: 'Products' })).toBeNull()
  })
})

describe('DailyChart', () => {
  const points = [
    { date: '2026-11-19', orders: 2, revenue: 12600 },
    { date: '2026-11-20', orders: 0, revenue: 0 },
    { date: '2026-11-21', orders: 3, revenue: 30100 },
  ]

  it('draws one bar per day and tells screen readers what it shows', async () => {
    await renderRoute({
      withCatalogue: false,
      routes: (root) => [
        createRoute({
          getParentRoute: () => root,
          path: '/',
          component: () => <DailyChart points={points} title="Last 3 days" />,
        }),
      ],
    })
    const chart = screen.getByRole('img')
    expect(chart.querySelectorAll('rect')).toHaveLength(3)
    expect(chart).toHaveAccessibleName(
      'Last 3 days: KSH 42,700 from 5 orders between 19 Nov and 21 Nov. Best day: 21 Nov with KSH 30,100.',
    )
    const table = screen.getByRole('table', { name: 'Last 3 days, day by day' })
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(4)
    expect(rows[3]).toHaveTextContent('21 Nov3KSH 30,100')
  })
})
