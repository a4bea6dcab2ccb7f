import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  onTestFinished,
  vi,
} from 'vitest'
import type * as SendersModule from '@/app/outbox-senders'
import type * as ProviderModule from '@/app/provider'
import type * as StoreModule from '@/app/store'
import type * as ToasterModule from '@/components/toaster'
import type * as AuthModule from '@/features/auth/auth-slice'
import type * as CartModule from '@/features/cart/cart-slice'
import type * as ChatStateModule from '@/features/chat/chat-state'
import type * as WidgetModule from '@/features/chat/components/chat-widget'
import type * as MessageListModule from '@/features/chat/components/message-list'
import type * as RunnerModule from '@/features/outbox/outbox-runner'
import type * as OutboxModule from '@/features/outbox/outbox'
import type * as RegistryModule from '@/features/outbox/sender-registry'
import { startBackendProcess, type BackendProcess } from '../../../support/backend-process'
import { ChakraScope } from '@/components/ui/chakra-scope'

/**
 * The chat widget in jsdom against the embedded backend running the real
 * assistant, plus a scripted twin for the answers the real one never gives (empty, action only, error,
 * slow, markup, echo). App modules are imported once the backend's address is known: the app reads it
 * when its Supabase client module loads.
 */
configure({ asyncUtilTimeout: 10_000 })
vi.setConfig({ testTimeout: 30_000 })

type Modules = {
  AppProvider: typeof ProviderModule.AppProvider
  makeStore: typeof StoreModule.makeStore
  ChatWidget: typeof WidgetModule.ChatWidget
  Toaster: typeof ToasterModule.Toaster
  toaster: typeof ToasterModule.toaster
  cart: typeof CartModule
  auth: typeof AuthModule
  clearConversation: typeof ChatStateModule.clearConversation
  messageTime: typeof MessageListModule.messageTime
  registerOutboxSenders: typeof SendersModule.registerOutboxSenders
  startOutbox: typeof RunnerModule.startOutbox
  flushOutbox: typeof OutboxModule.flushOutbox
  getOutboxSender: typeof RegistryModule.getOutboxSender
}

let backend: BackendProcess
let m: Modules

beforeAll(async () => {
  backend = await startBackendProcess({
    functionsDir: 'tests/src/features/chat/support/functions',
  })
  vi.stubEnv('VITE_SUPABASE_URL', backend.url)
  vi.stubEnv('VITE_SUPABASE_ANON_KEY', backend.anonKey)
  const [
    provider,
    store,
    widget,
    toasts,
    cart,
    auth,
    chatState,
    list,
    senders,
    runner,
    outbox,
    registry,
  ] = await Promise.all([
    import('@/app/provider'),
    import('@/app/store'),
    import('@/features/chat/components/chat-widget'),
    import('@/components/toaster'),
    import('@/features/cart/cart-slice'),
    import('@/features/auth/auth-slice'),
    import('@/features/chat/chat-state'),
    import('@/features/chat/components/message-list'),
    import('@/app/outbox-senders'),
    import('@/features/outbox/outbox-runner'),
    import('@/features/outbox/outbox'),
    import('@/features/outbox/sender-registry'),
    // Loaded up front so the first question is not timed with transforming them.
    import('@/features/chat/components/chat-panel'),
    import('@supabase/supabase-js'),
  ])
  m = {
    AppProvider: provider.AppProvider,
    makeStore: store.makeStore,
    ChatWidget: widget.ChatWidget,
    Toaster: toasts.Toaster,
    toaster: toasts.toaster,
    cart,
    auth,
    clearConversation: chatState.clearConversation,
    messageTime: list.messageTime,
    registerOutboxSenders: senders.registerOutboxSenders,
    startOutbox: runner.startOutbox,
    flushOutbox: outbox.flushOutbox,
    getOutboxSender: registry.getOutboxSender,
  }
}, 90_000)

afterAll(async () => {
  vi.unstubAllEnvs()
  await backend?.stop()
})

beforeEach(() => {
  m.clearConversation()
})

afterEach(() => {
  vi.restoreAllMocks()
  act(() => m.toaster.remove())
})

async function renderChat(store = m.makeStore()) {
  const { AppProvider, ChatWidget, Toaster } = m
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <Outlet />
        {/* As the shell's loader gives it. */}
        <ChakraScope>
          <ChatWidget />
        </ChakraScope>
        <Toaster />
      </>
    ),
  })
  const routes = [
    createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <h1>Home</h1> }),
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/checkout',
      component: () => <h1>Checkout page</h1>,
    }),
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/sale',
      component: () => <h1>Sale page</h1>,
    }),
  ]
  const router = createRouter({
    routeTree: rootRoute.addChildren(routes),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  await router.load()
  render(
    <AppProvider store={store}>
      <RouterProvider router={router} />
    </AppProvider>,
  )
  return { store, router }
}

async function openChat(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Open AI Shopping Assistant' }))
  const panel = await screen.findByRole('dialog', { name: 'AI Sales Agent' })
  const input = within(panel).getByPlaceholderText('Ask me anything...')
  return { panel, input, log: within(panel).getByRole('log') }
}

/** Types and sends with Enter, as a shopper does. */
async function ask(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.type(input, text)
  await user.keyboard('{Enter}')
}

/** Waits until the log holds `count` agent messages (the greeting is the first). */
const answers = (log: HTMLElement, count: number) =>
  waitFor(() => expect(within(log).getAllByText('AI Sales Agent:')).toHaveLength(count))

/** What the shopper said, in order (each bubble starts with a 'You:' for screen readers). */
const userMessages = (log: HTMLElement) =>
  within(log)
    .queryAllByText('You:')
    .map((label) => label.parentElement?.textContent?.replace(/^You: /, ''))

describe('chat widget: texts and layout', () => {
  it('opens from the round AI button, shows the greeting, and closes again', async () => {
    const user = userEvent.setup()
    await renderChat()
    const button = await screen.findByRole('button', { name: 'Open AI Shopping Assistant' })
    expect(button).toHaveTextContent('AI')
    const { panel, log } = await openChat(user)
    expect(within(panel).getByRole('heading', { name: 'AI Sales Agent' })).toBeInTheDocument()
    expect(within(panel).getByText('Cart • 0 items')).toBeInTheDocument()
    expect(within(panel).getByRole('button', { name: 'Close chat' })).toBeInTheDocument()
    expect(within(panel).getByRole('button', { name: 'Send message' })).toBeDisabled()
    expect(log).toHaveAttribute('aria-live', 'polite')
    expect(log).toHaveTextContent(/welcome to Luxe Kenya/)
    expect(log).toHaveTextContent(/find products.*size.*delivery.*cart.*checkout/)
    expect(within(log).getByText(/^\d{2}:\d{2}$/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Open AI Shopping Assistant' })).toBeNull()

    await user.click(within(panel).getByRole('button', { name: 'Close chat' }))
    expect(screen.queryByRole('dialog', { name: 'AI Sales Agent' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Open AI Shopping Assistant' })).toHaveFocus()
  })

  it('keeps the conversation when closed and reopened; Escape closes', async () => {
    const user = userEvent.setup()
    await renderChat()
    let { input, log } = await openChat(user)
    await ask(user, input, 'hello')
    await answers(log, 2)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    ;({ input, log } = await openChat(user))
    expect(userMessages(log)).toEqual(['hello'])
  })

  it('shows the cart count in the subtitle', async () => {
    const user = userEvent.setup()
    const { store } = await renderChat()
    const { panel } = await openChat(user)
    act(() => {
      store.dispatch(m.cart.addItem({ productId: 'p1', name: 'Belt', price: 100, quantity: 2 }))
    })
    expect(within(panel).getByText('Cart • 2 items')).toBeInTheDocument()
    act(() => {
      store.dispatch(m.cart.setQuantity({ productId: 'p1', quantity: 1 }))
    })
    expect(within(panel).getByText('Cart • 1 item')).toBeInTheDocument()
  })

  it('stamps each message with its hour and minute', () => {
    expect(m.messageTime(new Date(2026, 0, 5, 14, 5).getTime())).toBe('14:05')
    expect(m.messageTime(new Date(2026, 0, 5, 9, 30).getTime())).toBe('09:30')
  })
})

describe('chat widget: sending', () => {
  it('offers the four quick options only while the conversation holds just the greeting', async () => {
    const user = userEvent.setup()
    await renderChat()
    const { panel, input, log } = await openChat(user)
    const group = within(panel).getByRole('group', { name: 'Suggestions' })
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'Show me Nike Air Jordans',
      'I need a designer handbag',
      'Add a silk evening gown to cart',
      "What's on sale right now?",
    ])
    // The option fills the input and is sent 100 ms later; meanwhile the others are disabled. A plain
    // click event (not user-event's, which waits between pointer steps) is checked before any timer runs.
    fireEvent.click(within(group).getByRole('button', { name: 'Show me Nike Air Jordans' }))
    expect(input).toHaveValue('Show me Nike Air Jordans')
    expect(within(group).getByRole('button', { name: 'I need a designer handbag' })).toBeDisabled()
    expect(userMessages(log)).toEqual([])
    await waitFor(() => expect(userMessages(log)).toEqual(['Show me Nike Air Jordans']))
    expect(within(panel).queryByRole('group', { name: 'Suggestions' })).toBeNull()
    const link = await within(log).findByRole('link', { name: 'Nike Air Jordan 1 Retro High OG' })
    expect(link).toHaveAttribute('href', '/product/nike-air-jordan-1-retro-high-og-shoes-001')
    expect(within(panel).queryByRole('group', { name: 'Suggestions' })).toBeNull()
  })

  it('sends with Enter, adds a new line with Shift+Enter, and never sends blank text', async () => {
    const user = userEvent.setup()
    await renderChat()
    const { panel, input, log } = await openChat(user)
    await user.type(input, '   ')
    expect(within(panel).getByRole('button', { name: 'Send message' })).toBeDisabled()
    await user.keyboard('{Enter}')
    expect(userMessages(log)).toEqual([])
    await user.clear(input)
    await user.type(input, 'first line')
    await user.keyboard('{Shift>}{Enter}{/Shift}')
    await user.type(input, 'second line')
    expect(input).toHaveValue('first line\nsecond line')
    expect(userMessages(log)).toEqual([])
    await user.keyboard('{Enter}')
    expect(userMessages(log)).toEqual(['first line\nsecond line'])
    expect(input).toHaveValue('')
    await answers(log, 2)
  })

  it('shows the shopper’s words as plain text', async () => {
    const user = userEvent.setup()
    await renderChat()
    const { input, log } = await openChat(user)
    await ask(user, input, '<b>bold?</b> <img src=x onerror=alert(1)>')
    expect(userMessages(log)).toEqual(['<b>bold?</b> <img src=x onerror=alert(1)>'])
    // No element made from the shopper's words. (The reply may show product pictures: whether it does
    // depends on whether the assistant could read the catalogue yet, so the whole log is not the test.)
    const shopperMessages = within(log)
      .queryAllByText('You:')
      .map((label) => label.parentElement!)
    expect(shopperMessages).toHaveLength(1)
    expect(shopperMessages[0]!.querySelector('img, b')).toBeNull()
  })

  it('waits for one answer at a time: typing indicator, input and send disabled', async () => {
    const user = userEvent.setup()
    await renderChat()
    const { panel, input, log } = await openChat(user)
    await ask(user, input, 'scripted: slow')
    expect(await within(panel).findByText('AI is typing...')).toBeInTheDocument()
    expect(input).toBeDisabled()
    expect(within(panel).getByRole('button', { name: 'Send message' })).toBeDisabled()
    await user.type(input, 'more')
    await user.keyboard('{Enter}')
    expect(userMessages(log)).toEqual(['scripted: slow'])
    await within(log).findByText('Sorry for the wait!')
    expect(within(panel).queryByText('AI is typing...')).toBeNull()
    expect(input).toBeEnabled()
  })

  it('sends the whole conversation with each message', async () => {
    const user = userEvent.setup()
    await renderChat()
    const { input, log } = await openChat(user)
    await ask(user, input, 'hello')
    await answers(log, 2)
    await ask(user, input, 'scripted: echo')
    await answers(log, 3)
    const echo = await within(log).findByText(/^Received 4:/)
    expect(echo.textContent).toMatch(
      /^Received 4: assistant=Hello, and welcome to Lu \| user=hello \| assistant=Hello, and welcome to Lu \| user=scripted: echo$/,
    )
  })
})

describe('chat widget: assistant actions', () => {
  it('add_to_cart asks for the size and colour with chips, then adds the line, opens the cart and says so', async () => {
    const user = userEvent.setup()
    const { store } = await renderChat()
    const { input, log } = await openChat(user)
    await ask(user, input, 'Add a silk evening gown to cart')
    const sizes = await within(log).findByRole('group', { name: 'Quick replies' })
    expect(
      within(sizes)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['XS', 'S', 'M', 'L', 'XL', 'XXL'])
    // Nothing is added before the size and colour are chosen.
    expect(m.cart.selectCartItems(store.getState())).toEqual([])
    await user.click(within(sizes).getByRole('button', { name: 'M' }))
    await answers(log, 3)
    const colours = within(log).getByRole('group', { name: 'Quick replies' })
    await user.click(within(colours).getByRole('button', { name: 'Black' }))
    expect(await screen.findByText('Added to Cart')).toBeInTheDocument()
    expect(screen.getByText('Silk Evening Gown has been added to your cart!')).toBeInTheDocument()
    expect(within(log).getAllByRole('link', { name: 'Silk Evening Gown' }).length).toBeGreaterThan(
      0,
    )
    expect(userMessages(log)).toEqual(['Add a silk evening gown to cart', 'M', 'Black'])
    const [line] = m.cart.selectCartItems(store.getState())
    expect(line).toMatchObject({
      productId: 'dress-006',
      name: 'Silk Evening Gown',
      price: 38500,
      quantity: 1,
      size: 'M',
      color: 'Black',
      image: expect.stringMatching(/^\/images\/products\//),
    })
    expect(line!.id).toMatch(/^dress-006\d{13}$/)
    expect(m.cart.selectCartOpen(store.getState())).toBe(true)
  })

  it('shows products as cards: picture, name, price in the chosen currency, view and choose size', async () => {
    const { setCurrency } = await import('@/features/currency/currency-slice')
    const user = userEvent.setup()
    const { store } = await renderChat()
    const { input, log } = await openChat(user)
    await ask(user, input, 'Show me Nike Air Jordans')
    const cards = await within(log).findByRole('list', { name: 'Products' })
    const items = within(cards).getAllByRole('listitem')
    expect(items).toHaveLength(5)
    const first = items[0]!
    expect(within(first).getByText('Nike Air Jordan 1 Retro High OG')).toBeInTheDocument()
    expect(first.querySelector('img')?.getAttribute('src')).toMatch(/^\/images\/products\//)
    expect(within(first).getByText('KSH 27,300')).toBeInTheDocument()
    expect(
      within(first).getByRole('link', { name: 'View Nike Air Jordan 1 Retro High OG' }),
    ).toHaveAttribute('href', '/product/nike-air-jordan-1-retro-high-og-shoes-001')
    act(() => {
      store.dispatch(setCurrency('USD'))
    })
    expect(within(first).getByText('$195.00')).toBeInTheDocument()
    await user.click(
      within(first).getByRole('button', { name: 'Choose size: Nike Air Jordan 1 Retro High OG' }),
    )
    const sizes = await within(log).findByRole('group', { name: 'Quick replies' })
    // EU 39 is sold out: no chip for it.
    expect(within(sizes).queryByRole('button', { name: 'EU 39' })).toBeNull()
    expect(within(sizes).getByRole('button', { name: 'EU 42' })).toBeInTheDocument()
    expect(m.cart.selectCartItems(store.getState())).toEqual([])
  })

  it('changes and removes cart lines the shopper names', async () => {
    const user = userEvent.setup()
    const store = m.makeStore()
    store.dispatch(
      m.cart.addItem({
        productId: 'dress-006',
        name: 'Silk Evening Gown',
        price: 38_500,
        size: 'M',
        color: 'Black',
      }),
    )
    await renderChat(store)
    const { input, log } = await openChat(user)
    await ask(user, input, 'make it 2')
    await answers(log, 2)
    expect(m.cart.selectCartItems(store.getState())[0]).toMatchObject({ quantity: 2, size: 'M' })
    await ask(user, input, 'remove the gown from my cart')
    await answers(log, 3)
    expect(m.cart.selectCartItems(store.getState())).toEqual([])
  })

  it('applies a code the shopper gives into the checkout code box, without promising a saving', async () => {
    const user = userEvent.setup()
    const { store } = await renderChat()
    const { input, log } = await openChat(user)
    await ask(user, input, 'tumia code yangu welcome-ab12cd')
    await answers(log, 2)
    expect(store.getState().checkout.codes).toEqual(['WELCOME-AB12CD'])
    expect(await screen.findByText('Discount code added')).toBeInTheDocument()
    expect(within(log).getByText(/checkout totals/)).toBeInTheDocument()
    expect(log).not.toHaveTextContent(/% off|KSH/i)
    // A second code joins the first, as in the code box; asking again adds nothing twice.
    await ask(user, input, 'apply code SAVE10')
    await answers(log, 3)
    await ask(user, input, 'apply code SAVE10')
    await answers(log, 4)
    expect(store.getState().checkout.codes).toEqual(['WELCOME-AB12CD', 'SAVE10'])
  })

  it('on a phone, adding confirms in the chat and leaves the cart drawer closed', async () => {
    // A 360 px phone: no media query for wider screens matches.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }))
    onTestFinished(() => void vi.unstubAllGlobals())
    const user = userEvent.setup()
    const { store } = await renderChat()
    const { input, log } = await openChat(user)
    await ask(user, input, 'add a black silk evening gown in size M')
    const note = await within(log).findByRole('status')
    expect(note).toHaveTextContent('Added to your cart')
    expect(note).toHaveTextContent('1 × Silk Evening Gown (Size M · Black)')
    expect(m.cart.selectCartItems(store.getState())).toHaveLength(1)
    expect(m.cart.selectCartOpen(store.getState())).toBe(false)
    await user.click(within(note).getByRole('button', { name: 'View cart' }))
    expect(m.cart.selectCartOpen(store.getState())).toBe(true)
  })

  it('view_cart opens the cart and counts its items', async () => {
    const user = userEvent.setup()
    const store = m.makeStore()
    store.dispatch(m.cart.addItem({ productId: 'p1', name: 'Belt', price: 100, quantity: 3 }))
    await renderChat(store)
    const { input } = await openChat(user)
    await ask(user, input, 'show my cart')
    expect(await screen.findByText('Your Cart')).toBeInTheDocument()
    expect(screen.getByText('You have 3 item(s) in your cart')).toBeInTheDocument()
    expect(m.cart.selectCartOpen(store.getState())).toBe(true)
  })

  it('navigate_to_checkout says so and goes to /checkout after 500 ms', async () => {
    const user = userEvent.setup()
    const { router } = await renderChat()
    const { input } = await openChat(user)
    await ask(user, input, 'checkout')
    expect(await screen.findByText('Taking you to checkout')).toBeInTheDocument()
    expect(screen.getByText('Checkout')).toBeInTheDocument()
    const shownAt = performance.now()
    expect(router.state.location.pathname).toBe('/')
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'))
    expect(performance.now() - shownAt).toBeGreaterThan(300)
    expect(await screen.findByRole('heading', { name: 'Checkout page' })).toBeInTheDocument()
  })

  it('follows a same-site link in an answer with the router', async () => {
    const user = userEvent.setup()
    const { router } = await renderChat()
    const { input, log } = await openChat(user)
    await ask(user, input, 'scripted: markup')
    await user.click(await within(log).findByRole('link', { name: 'sale' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/sale'))
  })
})

describe('chat widget: errors and unsafe answers', () => {
  it('a failed call gives the apology and the Connection Error toast', async () => {
    const user = userEvent.setup()
    await renderChat()
    const { input, log } = await openChat(user)
    await ask(user, input, 'scripted: fail')
    expect(
      await within(log).findByText(
        "I apologize, but I'm experiencing some technical difficulties. Please try again in a moment, or feel free to contact our support team directly.",
      ),
    ).toBeInTheDocument()
    expect(await screen.findByText('Connection Error')).toBeInTheDocument()
    expect(
      screen.getByText('Unable to reach the AI assistant. Please try again.'),
    ).toBeInTheDocument()
    expect(input).toBeEnabled()
  })

  it('an answer with neither message nor action', async () => {
    const user = userEvent.setup()
    await renderChat()
    const { input, log } = await openChat(user)
    await ask(user, input, 'scripted: nothing')
    expect(
      await within(log).findByText(
        "I apologize, but I'm having trouble responding right now. Please try again.",
      ),
    ).toBeInTheDocument()
  })

  it('an action with no message', async () => {
    const user = userEvent.setup()
    const { store } = await renderChat()
    const { input, log } = await openChat(user)
    await ask(user, input, 'scripted: action only')
    expect(await within(log).findByText('Let me help you with that!')).toBeInTheDocument()
    expect(m.cart.selectCartOpen(store.getState())).toBe(true)
  })

  it('renders only bold, italic and safe links from an answer', async () => {
    const user = userEvent.setup()
    await renderChat()
    const { input, log } = await openChat(user)
    await ask(user, input, 'scripted: markup')
    const sale = await within(log).findByRole('link', { name: 'sale' })
    expect(sale).toHaveAttribute('href', '/sale')
    expect(sale).not.toHaveAttribute('onclick')
    expect(log.querySelector('img')).toBeNull()
    expect(within(log).getByText('bold').tagName).toBe('B')
    const bad = within(log).getByText('bad')
    expect(bad.tagName).toBe('A')
    expect(bad).not.toHaveAttribute('href')
    expect((window as { __xss?: number }).__xss).toBeUndefined()
  })
})

describe('chat widget: offline and sign-out', () => {
  it('keeps a message written offline as Waiting to send and answers it when back online', async () => {
    const user = userEvent.setup()
    const { store } = await renderChat()
    // The app's outbox, as the shell starts it: the senders of src/app and the flush triggers.
    m.registerOutboxSenders()
    expect(m.getOutboxSender('chat')).toBeDefined()
    const runner = m.startOutbox(store)
    onTestFinished(() => runner.stop())
    const { input, log } = await openChat(user)
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    await ask(user, input, 'Show me Nike Air Jordans')
    expect(await within(log).findByText(/Waiting to send/)).toBeInTheDocument()
    await waitFor(() => expect(store.getState().outbox.items).toHaveLength(1))
    expect(store.getState().outbox.items[0]).toMatchObject({ kind: 'chat', userId: null })
    // The outbox tries and is told to wait: no answer, still waiting.
    await act(() => store.dispatch(m.flushOutbox({ force: true })))
    expect(within(log).getByText(/Waiting to send/)).toBeInTheDocument()
    expect(within(log).queryByRole('link')).toBeNull()
    onLine.mockReturnValue(true)
    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    expect(
      await within(log).findByRole('link', { name: 'Nike Air Jordan 4 Retro' }),
    ).toBeInTheDocument()
    expect(within(log).queryByText(/Waiting to send/)).toBeNull()
    expect(store.getState().outbox.items).toEqual([])
    expect(userMessages(log)).toEqual(['Show me Nike Air Jordans'])
  })

  it('forgets the conversation when the shopper signs out', async () => {
    const user = userEvent.setup()
    const store = m.makeStore()
    store.dispatch(
      m.auth.sessionChanged({ id: 'user-1', email: 'a@example.com', fullName: 'Achieng' }),
    )
    await renderChat(store)
    const { input, log } = await openChat(user)
    await ask(user, input, 'hello')
    await answers(log, 2)
    act(() => {
      store.dispatch(m.auth.signedOut({ userId: 'user-1' }))
    })
    await waitFor(() => expect(userMessages(log)).toEqual([]))
    expect(within(log).getByText(/welcome to Luxe Kenya/)).toBeInTheDocument()
  })
})
