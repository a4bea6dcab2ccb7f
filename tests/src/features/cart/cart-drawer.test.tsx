import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeStore } from '@/app/store'
import { toaster } from '@/components/toaster'
import { addItem, selectCartItems } from '@/features/cart/cart-slice'
import { catalogueReceived } from '@/features/catalogue/catalogue-slice'
import { CartButton } from '@/features/cart/components/cart-button'
import { CartDrawer } from '@/features/cart/components/cart-drawer'
import { CurrencyToggle } from '@/features/currency/components/currency-toggle'
import { toggleCurrency } from '@/features/currency/currency-slice'
import { reportStorageProblem, resetStorageProblem } from '@/lib/storage/storage-problem'
import { renderApp } from '../../app/support/render-app'
import { catalogue } from '../catalogue/catalogue-fixture'

const gown = {
  productId: 'dress-001',
  name: 'Silk Evening Gown',
  price: 6300,
  image: '/products/gown.svg',
  size: 'M',
  color: 'Emerald',
}
const belt = { productId: 'acc-002', name: 'Leather Belt', price: 3800, image: '' }

const chrome = (
  <>
    <CurrencyToggle />
    <CartButton />
    <CartDrawer />
  </>
)

async function openDrawer(user: ReturnType<typeof userEvent.setup>, label: RegExp | string) {
  await user.click(screen.getByRole('button', { name: label }))
  return screen.findByRole('dialog')
}

beforeEach(() => resetStorageProblem())
afterEach(() => act(() => toaster.remove()))

describe('cart button', () => {
  it('labels the item count (sum of quantities) and hides the badge at 0', async () => {
    const store = makeStore()
    await renderApp({ chrome, store })
    const button = screen.getByRole('button', { name: 'Open cart, 0 items' })
    expect(button).not.toHaveTextContent(/\d/)
    act(() => {
      store.dispatch(addItem({ ...gown, quantity: 2 }))
      store.dispatch(addItem(belt))
    })
    expect(screen.getByRole('button', { name: 'Open cart, 3 items' })).toHaveTextContent('3')
  })
})

describe('cart drawer', () => {
  it('shows the empty state, and Continue Shopping closes it', async () => {
    const user = userEvent.setup()
    await renderApp({ chrome })
    const dialog = await openDrawer(user, 'Open cart, 0 items')
    expect(within(dialog).getByText('Shopping Cart (0)')).toBeInTheDocument()
    expect(within(dialog).getByText('Your cart is empty')).toBeInTheDocument()
    expect(within(dialog).getByText('Add some items to get started')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Continue Shopping' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('lists lines with picture, name, options and price, and the total', async () => {
    const user = userEvent.setup()
    const store = makeStore()
    store.dispatch(addItem({ ...gown, quantity: 2 }))
    store.dispatch(addItem(belt))
    await renderApp({ chrome, store })
    const dialog = await openDrawer(user, 'Open cart, 3 items')
    expect(within(dialog).getByText('Shopping Cart (3)')).toBeInTheDocument()
    const line = within(dialog).getByRole('listitem', { name: gown.name })
    expect(within(line).getByText('Size: M · Colour: Emerald')).toBeInTheDocument()
    expect(within(line).getByText('KSH 6,300')).toBeInTheDocument()
    expect(within(line).getByText('2')).toBeInTheDocument()
    const image = line.querySelector('img')
    expect(image).toHaveAttribute('src', gown.image)
    expect(image).toHaveAttribute('width', '64')
    expect(image).toHaveAttribute('height', '64')
    const beltImage = within(dialog).getByRole('listitem', { name: belt.name }).querySelector('img')
    expect(beltImage).toHaveAttribute('src', '/placeholder.svg')
    // A picture that fails to load is replaced by the placeholder.
    act(() => {
      image?.dispatchEvent(new Event('error'))
    })
    expect(image).toHaveAttribute('src', '/placeholder.svg')
    expect(within(dialog).getByText('KSH 16,400')).toBeInTheDocument()
    expect(within(dialog).getByText('Your order qualifies for free delivery')).toBeInTheDocument()
  })

  it('changes quantities one per click; minus at 1 removes the line; remove drops it', async () => {
    const user = userEvent.setup()
    const store = makeStore()
    store.dispatch(addItem(gown))
    store.dispatch(addItem(belt))
    await renderApp({ chrome, store })
    const dialog = await openDrawer(user, 'Open cart, 2 items')
    await user.click(
      within(dialog).getByRole('button', { name: `Increase quantity of ${gown.name}` }),
    )
    await user.click(
      within(dialog).getByRole('button', { name: `Increase quantity of ${gown.name}` }),
    )
    expect(store.getState().cart.items[0]?.quantity).toBe(3)
    expect(within(dialog).getByText('Shopping Cart (4)')).toBeInTheDocument()
    await user.click(
      within(dialog).getByRole('button', { name: `Decrease quantity of ${gown.name}` }),
    )
    expect(store.getState().cart.items[0]?.quantity).toBe(2)
    await user.click(
      within(dialog).getByRole('button', { name: `Decrease quantity of ${belt.name}` }),
    )
    expect(within(dialog).queryByRole('listitem', { name: belt.name })).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: `Remove ${gown.name}` }))
    expect(within(dialog).getByText('Your cart is empty')).toBeInTheDocument()
    expect(store.getState().cart.items).toEqual([])
  })

  it('tells how much more is needed for free delivery, in the chosen currency', async () => {
    const user = userEvent.setup()
    const store = makeStore()
    store.dispatch(addItem(belt))
    await renderApp({ chrome, store })
    const dialog = await openDrawer(user, 'Open cart, 1 item')
    expect(within(dialog).getByText('Add KSH 1,200 more for free delivery')).toBeInTheDocument()
    // The page behind the open drawer is inert; the header toggle dispatches this same action.
    act(() => {
      store.dispatch(toggleCurrency())
    })
    expect(within(dialog).getByText('Add $8.57 more for free delivery')).toBeInTheDocument()
    expect(within(dialog).getAllByText('$27.14')).toHaveLength(2)
  })

  it('Clear Cart empties it', async () => {
    const user = userEvent.setup()
    const store = makeStore()
    store.dispatch(addItem(gown))
    await renderApp({ chrome, store })
    const dialog = await openDrawer(user, 'Open cart, 1 item')
    await user.click(within(dialog).getByRole('button', { name: 'Clear Cart' }))
    expect(store.getState().cart.items).toEqual([])
    expect(within(dialog).getByText('Your cart is empty')).toBeInTheDocument()
  })

  it('Checkout closes the drawer and goes to /checkout', async () => {
    const user = userEvent.setup()
    const store = makeStore()
    store.dispatch(addItem(gown))
    const { router } = await renderApp({ chrome, store })
    const dialog = await openDrawer(user, 'Open cart, 1 item')
    await user.click(within(dialog).getByRole('button', { name: 'Checkout' }))
    expect(await screen.findByRole('heading', { name: 'Checkout page' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/checkout')
    expect(store.getState().cart.isOpen).toBe(false)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('notes inside the cart when this device cannot save it', async () => {
    const user = userEvent.setup()
    await renderApp({ chrome })
    act(() => reportStorageProblem('quota'))
    const dialog = await openDrawer(user, 'Open cart, 0 items')
    expect(within(dialog).getByRole('note')).toHaveTextContent(
      'Your cart could not be saved on this device.',
    )
  })
})

describe('a line added without its size (the assistant adds products by id)', () => {
  it('asks for the size in the drawer and keeps the choice on the line', async () => {
    const user = userEvent.setup()
    const store = makeStore()
    store.dispatch(catalogueReceived({ catalogue, fromDevice: false }))
    store.dispatch(addItem({ productId: 'dress-001', name: 'Silk Evening Gown', price: 38500 }))
    store.dispatch(addItem(belt))
    await renderApp({ chrome, store })
    const dialog = await openDrawer(user, 'Open cart, 2 items')
    const select = within(dialog).getByRole('combobox', {
      name: 'Choose a size for Silk Evening Gown',
    })
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a size', 'XS', 'S', 'M', 'L'])
    // A product with no sizes to choose asks nothing.
    expect(within(dialog).getAllByRole('combobox')).toHaveLength(1)
    await user.selectOptions(select, 'M')
    expect(selectCartItems(store.getState())[0]?.size).toBe('M')
    expect(within(dialog).queryByRole('combobox')).toBeNull()
    expect(within(dialog).getByText('Size: M')).toBeInTheDocument()
  })
})
