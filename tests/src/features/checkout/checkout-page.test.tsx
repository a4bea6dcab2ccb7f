import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ComponentType } from 'react'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AppProvider as AppProviderType } from '@/app/provider'
import type { AppStore, makeStore as makeStoreType } from '@/app/store'
import type { addItem as addItemType } from '@/features/cart/cart-slice'
import { startBackendProcess, type BackendProcess } from '../../../support/backend-process'
import { ChakraScope } from '@/components/ui/chakra-scope'

/**
 * The checkout screen against the real embedded backend (in a child process): the database's quote and
 * order functions, its prices and stock. Places orders as a guest paying cash, so no M-Pesa prompt.
 */
vi.setConfig({ testTimeout: 60_000 })
let backend: BackendProcess
let CheckoutPage: ComponentType
let AppProvider: typeof AppProviderType
let makeStore: typeof makeStoreType
let addItem: typeof addItemType
let admin: SupabaseClient

beforeAll(async () => {
  backend = await startBackendProcess({ env: { MPESA_PROVIDER: 'sandbox' } })
  vi.stubEnv('VITE_SUPABASE_URL', backend.url)
  vi.stubEnv('VITE_SUPABASE_ANON_KEY', backend.anonKey)
  // The app reads its backend address when its modules load: load them after pointing it here.
  ;({ CheckoutPage } = await import('@/features/checkout/components/checkout-page'))
  ;({ AppProvider } = await import('@/app/provider'))
  ;({ makeStore } = await import('@/app/store'))
  ;({ addItem } = await import('@/features/cart/cart-slice'))
  admin = createClient(backend.url, backend.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  })
  const { error } = await admin.from('products').insert([
    {
      id: 'co-tote',
      slug: 'co-tote',
      name: 'Kiondo Tote',
      category: 'bags',
      price: 6300,
      stock: 50,
    },
    {
      id: 'co-scarf',
      slug: 'co-scarf',
      name: 'Kikoi Scarf',
      category: 'accessories',
      price: 2800,
      stock: 2,
    },
    {
      id: 'co-gone',
      slug: 'co-gone',
      name: 'Beaded Clutch',
      category: 'bags',
      price: 4200,
      stock: 0,
    },
    {
      id: 'co-dear',
      slug: 'co-dear',
      name: 'Maasai Sandals',
      category: 'shoes',
      price: 5600,
      stock: 9,
    },
  ] as never)
  if (error) throw new Error(error.message)
}, 90_000)

afterAll(async () => {
  vi.unstubAllEnvs()
  await backend?.stop()
})

beforeEach(() => {
  window.sessionStorage.clear()
  window.localStorage.clear()
})
afterEach(() => vi.restoreAllMocks())

const tote = { productId: 'co-tote', name: 'Kiondo Tote', price: 6300, image: '' }

async function renderCheckout(store: AppStore) {
  const root = createRootRoute({ component: () => <Outlet /> })
  const checkout = createRoute({
    getParentRoute: () => root,
    path: '/checkout',
    // As the shell gives a page that uses Chakra's components.
    component: () => (
      <ChakraScope>
        <CheckoutPage />
      </ChakraScope>
    ),
  })
  const order = createRoute({
    getParentRoute: () => root,
    path: '/order/$orderNumber',
    component: function Placed() {
      const { orderNumber } = order.useParams()
      return <h1>Order page {orderNumber}</h1>
    },
  })
  const home = createRoute({
    getParentRoute: () => root,
    path: '/',
    component: () => <h1>Home</h1>,
  })
  const router = createRouter({
    routeTree: root.addChildren([checkout, order, home]),
    history: createMemoryHistory({ initialEntries: ['/checkout'] }),
  })
  await router.load()
  render(
    <AppProvider store={store}>
      <RouterProvider router={router} />
    </AppProvider>,
  )
  await screen.findByRole('heading', { name: 'Checkout', level: 1 })
  return router
}

async function fillGuestDetails(user: ReturnType<typeof userEvent.setup>) {
  await fill(user, screen.getByRole('textbox', { name: 'Full name' }), 'Achieng Otieno')
  await fill(user, screen.getByRole('textbox', { name: 'Email' }), 'achieng@example.com')
  await fill(user, screen.getByRole('textbox', { name: 'Mobile number' }), '0712 345 678')
  await user.selectOptions(screen.getByRole('combobox', { name: 'County' }), 'Kisumu')
  await fill(user, screen.getByRole('textbox', { name: 'Town or area' }), 'Kisumu')
  await fill(
    user,
    screen.getByRole('textbox', { name: 'Street, building or landmark' }),
    'Oginga Odinga St',
  )
  await user.click(screen.getByRole('radio', { name: /Cash on delivery/ }))
}

/** Types a whole value at once (one input event: the page re-renders once, not per key). */
async function fill(user: ReturnType<typeof userEvent.setup>, element: HTMLElement, text: string) {
  await user.click(element)
  await user.paste(text)
}

/** The value beside a label in the order summary's totals. */
const summaryRow = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent

describe('checkout page', () => {
  it('shows a friendly empty state when the cart is empty', async () => {
    await renderCheckout(makeStore())
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/')
  })

  it('checks the form inline and says what is missing beside each field', async () => {
    const user = userEvent.setup()
    const store = makeStore()
    store.dispatch(addItem(tote))
    await renderCheckout(store)

    const phone = screen.getByRole('textbox', { name: 'Mobile number' })
    await fill(user, phone, '0812 345 678')
    await user.tab()
    expect(phone).toHaveAccessibleDescription('Enter a Kenyan mobile number, e.g. 0712 345 678')
    await user.clear(phone)
    await fill(user, phone, '+254 712 345 678')
    expect(phone).not.toHaveAttribute('aria-invalid')
    expect(phone).toHaveAccessibleDescription(
      "We'll call or text 0712 345 678 about your delivery.",
    )

    await user.click(screen.getByRole('button', { name: 'Place order' }))
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveFocus()
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveAccessibleDescription(
      'Please enter your full name.',
    )
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'Please enter your email address so we can send your receipt.',
    )
    expect(screen.getByRole('combobox', { name: 'County' })).toHaveAccessibleDescription(
      'Please choose your county.',
    )

    // Pickup asks for a point instead of an address.
    await user.click(screen.getByRole('radio', { name: /Collect from a pickup point/ }))
    expect(screen.queryByRole('combobox', { name: 'County' })).not.toBeInTheDocument()
    expect(
      await screen.findByRole('radio', { name: /Luxe Kenya, The Hub Karen/ }),
    ).toBeInTheDocument()
    expect(screen.getByText('Please choose a pickup point.')).toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: /Luxe Kenya, The Hub Karen/ }))
    expect(screen.queryByText('Please choose a pickup point.')).not.toBeInTheDocument()
  })

  it('shows sold-out, too-few-left and new-price lines from the database; the cart keeps them until the shopper acts', async () => {
    const user = userEvent.setup()
    const store = makeStore()
    store.dispatch(addItem({ productId: 'co-gone', name: 'Beaded Clutch', price: 4200, image: '' }))
    store.dispatch(
      addItem({ productId: 'co-scarf', name: 'Kikoi Scarf', price: 2800, image: '', quantity: 5 }),
    )
    // Added when it cost less: the database's price wins.
    store.dispatch(
      addItem({ productId: 'co-dear', name: 'Maasai Sandals', price: 4900, image: '' }),
    )
    await renderCheckout(store)

    const summary = screen.getByRole('list', { name: 'Items in your order' })
    const clutch = within(summary).getByRole('listitem', { name: 'Beaded Clutch' })
    expect(
      await within(clutch).findByText('Sold out. Please remove it to continue.', undefined, {
        timeout: 10_000,
      }),
    ).toBeInTheDocument()
    const scarf = within(summary).getByRole('listitem', { name: 'Kikoi Scarf' })
    expect(within(scarf).getByText('Only 2 left. You asked for 5.')).toBeInTheDocument()
    const sandals = within(summary).getByRole('listitem', { name: 'Maasai Sandals' })
    expect(
      within(sandals).getByText('Price changed from KSH 4,900 to KSH 5,600.'),
    ).toBeInTheDocument()
    expect(store.getState().cart.items).toHaveLength(3)

    await fillGuestDetails(user)
    await user.click(screen.getByRole('button', { name: 'Place order' }))
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Some items in your cart have changed. Please review them in the order summary.',
    )

    await user.click(within(scarf).getByRole('button', { name: 'Change quantity to 2' }))
    expect(store.getState().cart.items.find((i) => i.productId === 'co-scarf')?.quantity).toBe(2)
    await user.click(await within(clutch).findByRole('button', { name: 'Remove Beaded Clutch' }))
    expect(store.getState().cart.items.map((i) => i.productId)).toEqual(['co-scarf', 'co-dear'])
    await waitFor(() => expect(within(summary).queryByText(/Only 2 left/)).not.toBeInTheDocument())
    // The total is the database's: 2 × 2,800 + 5,600, free delivery from 5,000.
    await waitFor(() => expect(summaryRow('Total')).toBe('KSH 11,200'), { timeout: 10_000 })
    expect(summaryRow('Delivery')).toBe('Free')
  })

  it('places one order for a double click, under one key, then clears the cart', async () => {
    const user = userEvent.setup()
    const store = makeStore()
    store.dispatch(addItem({ ...tote, quantity: 1 }))
    const router = await renderCheckout(store)
    await fillGuestDetails(user)
    await waitFor(() => expect(summaryRow('Total')).toBe('KSH 6,300'), { timeout: 10_000 })

    const realFetch = globalThis.fetch
    const placeCalls: string[] = []
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const url = String(input instanceof Request ? input.url : input)
      if (url.includes('/rest/v1/rpc/place_order')) placeCalls.push(String(init?.body))
      return realFetch(input, init)
    })

    await user.dblClick(screen.getByRole('button', { name: 'Place order' }))
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/order\/LK-\d+$/), {
      timeout: 10_000,
    })
    expect(placeCalls).toHaveLength(1)
    const sent = JSON.parse(placeCalls[0]!) as {
      payload: { clientOrderId: string; items: unknown }
    }
    expect(sent.payload.items).toEqual([{ productId: 'co-tote', quantity: 1 }])
    expect(store.getState().cart.items).toEqual([])
    expect(router.state.location.search).toMatchObject({ token: expect.any(String) })

    const { data } = await admin
      .from('orders')
      .select('order_number, total, payment_method')
      .eq('client_order_id', sent.payload.clientOrderId)
    expect(data).toEqual([
      {
        order_number: router.state.location.pathname.split('/')[2],
        total: 6300,
        payment_method: 'cod',
      },
    ])
    // The private link is kept on the device.
    const placed = data as { order_number: string }[]
    expect(window.localStorage.getItem('luxe.orders')).toContain(placed[0]!.order_number)
  })

  it('sends a lost answer again under the same key and gets the same order', async () => {
    const { createOrderSender, takeOrderSendOutcome } =
      await import('@/features/checkout/order-outbox-sender')
    const { awaitItem } = await import('@/features/outbox/outbox-events')
    const { loadAttempt } = await import('@/features/checkout/checkout-storage')
    const { placeOrder } = await import('@/features/checkout/api/checkout-api')
    const { CheckoutError } = await import('@/features/checkout/api/checkout-error')
    const order = {
      items: [{ productId: 'co-tote', quantity: 1 }],
      contact: { name: 'Kamau', email: 'kamau@example.com', phone: '254712345678' },
      delivery: { method: 'pickup' as const, pickupPoint: 'hub-karen' },
      paymentMethod: 'cod' as const,
    }
    type Place = typeof placeOrder
    const keys: string[] = []
    // The server commits, but the answer never reaches the phone.
    const lossy: Place = async (payload, signal) => {
      keys.push(payload.clientOrderId)
      await placeOrder(payload, signal)
      throw new CheckoutError('network', 'lost')
    }
    const answered: Place = (payload, signal) => {
      keys.push(payload.clientOrderId)
      return placeOrder(payload, signal)
    }
    // Every send is this checkout's, under its key, as the checkout page sends it.
    const send = (body: object, place: Place) => {
      const key = loadAttempt().clientOrderId
      const item = {
        id: key,
        kind: 'order',
        payload: body,
        userId: null,
        createdAt: Date.now(),
        attempts: 0,
        lastError: null,
        status: 'pending',
        nextAttemptAt: null,
      } as const
      return createOrderSender({ place })(item as never, {
        idempotencyKey: key,
        attempt: 1,
        signal: new AbortController().signal,
      })
    }
    const first = await send(order, lossy)
    expect(first.type).toBe('retry')
    const second = await send(order, answered)
    expect(second.type).toBe('delivered')
    expect(keys[0]).toBe(keys[1])
    const { data } = await admin.from('orders').select('id').eq('client_order_id', keys[0]!)
    expect(data).toHaveLength(1)

    // The shopper changed the cart after the lost answer: the earlier order is recovered, not doubled.
    const third = await send(order, lossy)
    expect(third.type).toBe('retry')
    expect(keys[2]).not.toBe(keys[0])
    // The checkout waits on this send (and says on the page that the order was already placed).
    const release = awaitItem(keys[2]!)
    const changed = await send(
      { ...order, items: [{ productId: 'co-tote', quantity: 2 }] },
      answered,
    )
    release()
    expect(takeOrderSendOutcome(keys[2]!)).toEqual({ recovered: true })
    expect(changed).toMatchObject({
      type: 'delivered',
      response: { clientOrderId: keys[2], total: 6300 },
    })
    const again = await admin.from('orders').select('id').eq('client_order_id', keys[2]!)
    expect(again.data).toHaveLength(1)
  })
})

describe('the outbox sender for orders queued offline', () => {
  const queuedPayload = (productId: string, quantity = 1) => ({
    items: [{ productId, quantity }],
    contact: { name: 'Wanjiru', email: 'wanjiru@example.com', phone: '254712345678' },
    delivery: { method: 'pickup', pickupPoint: 'hub-karen' },
    paymentMethod: 'cod',
  })
  const context = (id: string) => ({
    idempotencyKey: id,
    attempt: 1,
    signal: new AbortController().signal,
  })
  const item = (id: string, payload: unknown) =>
    ({
      id,
      kind: 'order',
      payload,
      userId: null,
      createdAt: Date.now(),
      attempts: 0,
      lastError: null,
      status: 'pending',
      nextAttemptAt: null,
    }) as const

  it('places the order under the item id, keeps its link, and answers the same order on a replay', async () => {
    const { createOrderSender } = await import('@/features/checkout/order-outbox-sender')
    const send = createOrderSender()
    const id = crypto.randomUUID()
    const first = await send(item(id, queuedPayload('co-tote')) as never, context(id))
    expect(first).toMatchObject({
      type: 'delivered',
      response: { clientOrderId: id, total: 6300, deliveryFee: 0 },
    })
    const again = await send(item(id, queuedPayload('co-tote')) as never, context(id))
    expect(again).toEqual(first)
    const { data } = await admin.from('orders').select('id').eq('client_order_id', id)
    expect(data).toHaveLength(1)
    expect(window.localStorage.getItem('luxe.orders')).toContain(id)
  })

  it('ends with the reason and the lines when an item sold out meanwhile, and waits when offline', async () => {
    const { createOrderSender } = await import('@/features/checkout/order-outbox-sender')
    const { findQueuedOrder, rememberQueuedOrder } =
      await import('@/features/checkout/queued-orders')
    const send = createOrderSender()
    const id = crypto.randomUUID()
    rememberQueuedOrder({
      clientOrderId: id,
      name: 'Wanjiru',
      paymentMethod: 'cod',
      mpesaPhone: null,
      queuedAt: new Date().toISOString(),
      lines: [],
    })
    const refused = await send(item(id, queuedPayload('co-gone')) as never, context(id))
    expect(refused).toEqual({
      type: 'rejected',
      message: 'Some items in your cart are no longer available as ordered.',
    })
    expect(findQueuedOrder(id)?.rejected?.lines).toEqual([
      expect.objectContaining({ productId: 'co-gone', problem: 'sold_out', available: 0 }),
    ])

    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'))
    const offline = await send(item(id, queuedPayload('co-tote')) as never, context(id))
    expect(offline).toMatchObject({ type: 'retry' })
  })
})
