import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { createClient } from '@supabase/supabase-js'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ComponentType } from 'react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { AppProvider as AppProviderType } from '@/app/provider'
import type { AppStore, makeStore as makeStoreType } from '@/app/store'
import type { Product } from '@/features/catalogue/types'
import { startBackendProcess, type BackendProcess } from '../../../support/backend-process'

/**
 * The product page's purchase panel against the real embedded backend (in a child process): online it
 * asks for the product's stock size by size and will not let a sold-out size be chosen; offline, or
 * when the backend cannot answer, it behaves as it does without sizes' stock.
 */
vi.setConfig({ testTimeout: 60_000 })
let backend: BackendProcess
let ProductPurchase: ComponentType<{ product: Product }>
let AppProvider: typeof AppProviderType
let makeStore: typeof makeStoreType

const dress: Product = {
  id: 'pp-dress',
  slug: 'pp-dress',
  name: 'Kanga Wrap Dress',
  description: '',
  category: 'women',
  subcategory: 'dresses',
  brand: 'Luxe Kenya Atelier',
  price: 6300,
  discount: 0,
  rating: 4.5,
  sizes: ['S', 'M', 'L', 'XL'],
  colors: [],
  tags: [],
  // What the catalogue on the device says: the sizes' own counts are newer.
  stock: 30,
  image: null,
  newArrival: false,
  featured: false,
  createdAt: '2026-11-01',
}

beforeAll(async () => {
  backend = await startBackendProcess()
  vi.stubEnv('VITE_SUPABASE_URL', backend.url)
  vi.stubEnv('VITE_SUPABASE_ANON_KEY', backend.anonKey)
  // The app reads its backend address when its modules load: load them after pointing it here.
  ;({ ProductPurchase } = await import('@/features/catalogue/components/product-purchase'))
  ;({ AppProvider } = await import('@/app/provider'))
  ;({ makeStore } = await import('@/app/store'))
  const admin = createClient(backend.url, backend.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  })
  const product = await admin.from('products').insert({
    id: dress.id,
    slug: dress.slug,
    name: dress.name,
    category: 'women',
    price: dress.price,
    sizes: dress.sizes,
    stock: 30,
  } as never)
  if (product.error) throw new Error(product.error.message)
  // S sold out, M nearly, L plenty, XL without a row (sold out too).
  const sizes = await admin.from('product_sizes').insert([
    { product_id: dress.id, size: 'S', stock: 0 },
    { product_id: dress.id, size: 'M', stock: 2 },
    { product_id: dress.id, size: 'L', stock: 9 },
  ] as never)
  if (sizes.error) throw new Error(sizes.error.message)
}, 90_000)

afterAll(async () => {
  vi.unstubAllEnvs()
  await backend?.stop()
})

afterEach(() => vi.restoreAllMocks())

async function renderPurchase(store: AppStore = makeStore()) {
  const root = createRootRoute({ component: () => <ProductPurchase product={dress} /> })
  const router = createRouter({
    routeTree: root,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  await router.load()
  render(
    <AppProvider store={store}>
      <RouterProvider router={router} />
    </AppProvider>,
  )
  await screen.findByRole('button', { name: 'Add to Cart' })
  return store
}

const stockLine = () => screen.getByText(/^(In stock|Only \d+ left|Sold out)$/)

describe('online', () => {
  it('shows sold-out sizes as disabled, "Only N left" for a low size, and adds the chosen size', async () => {
    const user = userEvent.setup()
    const store = await renderPurchase()
    expect(await screen.findByRole('radio', { name: 'S, Sold out' })).toBeDisabled()
    expect(screen.getByRole('radio', { name: 'XL, Sold out' })).toBeDisabled()
    expect(screen.getByRole('radio', { name: 'L' })).toBeEnabled()
    // Before a size is chosen, the stock line counts every size: 2 + 9.
    expect(stockLine()).toHaveTextContent('In stock')

    await user.click(screen.getByRole('button', { name: 'Add to Cart' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a size')
    expect(store.getState().cart.items).toEqual([])

    await user.click(screen.getByRole('radio', { name: 'M' }))
    expect(stockLine()).toHaveTextContent('Only 2 left')
    const more = screen.getByRole('button', { name: 'Increase quantity' })
    await user.click(more)
    expect(more).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }))
    expect(store.getState().cart.items).toEqual([
      expect.objectContaining({ productId: 'pp-dress', size: 'M', quantity: 2, price: 6300 }),
    ])

    await user.click(screen.getByRole('radio', { name: 'L' }))
    expect(stockLine()).toHaveTextContent('In stock')
  })
})

describe('offline', () => {
  it('offers every size as today, then learns which are sold out once back online', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    await renderPurchase()
    // Long enough for an answer, had a request been made.
    await new Promise((resolve) => setTimeout(resolve, 500))
    for (const size of dress.sizes) {
      expect(screen.getByRole('radio', { name: size })).toBeEnabled()
    }
    expect(stockLine()).toHaveTextContent('In stock')

    onLine.mockReturnValue(true)
    window.dispatchEvent(new Event('online'))
    expect(await screen.findByRole('radio', { name: 'S, Sold out' })).toBeDisabled()
  })
})

describe('when the backend cannot answer', () => {
  it('behaves as today: every size can be chosen, checkout decides', async () => {
    await backend.stop()
    const user = userEvent.setup()
    const store = await renderPurchase()
    // Give the failed request time to come back before checking nothing changed.
    await waitFor(() => expect(screen.getByRole('radio', { name: 'S' })).toBeEnabled())
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(screen.getByRole('radio', { name: 'S' })).toBeEnabled()
    await user.click(screen.getByRole('radio', { name: 'S' }))
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }))
    expect(store.getState().cart.items).toEqual([
      expect.objectContaining({ productId: 'pp-dress', size: 'S', quantity: 1 }),
    ])
  })
})
