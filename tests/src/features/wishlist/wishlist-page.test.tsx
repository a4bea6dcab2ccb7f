import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { makeStore } from '@/app/store'
import { toaster } from '@/components/toaster'
import { addItem } from '@/features/cart/cart-slice'
import { WishlistButton } from '@/features/wishlist/components/wishlist-button'
import { WishlistPage } from '@/features/wishlist/components/wishlist-page'
import { addToWishlist } from '@/features/wishlist/wishlist-slice'
import { renderApp } from '../../app/support/render-app'

const watch = { productId: 'watch-001', name: 'Gold Chronograph', price: 35_000, image: '/w.svg' }
const tote = { productId: 'bags-001', name: 'Leather Tote', price: 12_600, image: '/t.svg' }

afterEach(() => act(() => toaster.remove()))

describe('wishlist button', () => {
  it('toggles the product with aria-pressed and a label that says what a press does', async () => {
    const user = userEvent.setup()
    const { store } = await renderApp({ page: <WishlistButton product={watch} /> })
    const add = screen.getByRole('button', { name: `Add ${watch.name} to wishlist` })
    expect(add).toHaveAttribute('aria-pressed', 'false')
    await user.click(add)
    const remove = screen.getByRole('button', { name: `Remove ${watch.name} from wishlist` })
    expect(remove).toHaveAttribute('aria-pressed', 'true')
    expect(store.getState().wishlist.items).toEqual([watch])
    await user.click(remove)
    expect(store.getState().wishlist.items).toEqual([])
  })
})

describe('wishlist page', () => {
  it('shows an empty state for a guest with nothing saved', async () => {
    await renderApp({ page: <WishlistPage />, path: '/wishlist' })
    expect(screen.getByRole('heading', { name: 'My Wishlist' })).toBeInTheDocument()
    expect(screen.getByText('0 items saved')).toBeInTheDocument()
    expect(screen.getByText('Your wishlist is empty')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/')
  })

  it('lists saved items with prices, moves one to the cart, removes one, clears all', async () => {
    const user = userEvent.setup()
    const store = makeStore()
    store.dispatch(addToWishlist(watch))
    store.dispatch(addToWishlist(tote))
    store.dispatch(addItem({ ...tote, quantity: 1 }))
    await renderApp({ page: <WishlistPage />, path: '/wishlist', store })
    expect(screen.getByText('2 items saved')).toBeInTheDocument()
    const watchLine = screen.getByRole('listitem', { name: watch.name })
    expect(within(watchLine).getByText('KSH 35,000')).toBeInTheDocument()

    await user.click(within(watchLine).getByRole('button', { name: 'Move to Cart' }))
    expect(store.getState().cart.items.map((line) => [line.productId, line.quantity])).toEqual([
      [tote.productId, 1],
      [watch.productId, 1],
    ])
    expect(screen.queryByRole('listitem', { name: watch.name })).not.toBeInTheDocument()
    expect(
      await screen.findByText(`${watch.name} has been added to your cart!`),
    ).toBeInTheDocument()

    store.dispatch(addToWishlist(watch))
    await user.click(screen.getByRole('button', { name: `Remove ${tote.name} from wishlist` }))
    expect(store.getState().wishlist.items).toEqual([watch])
    await user.click(screen.getByRole('button', { name: 'Clear All' }))
    expect(store.getState().wishlist.items).toEqual([])
    expect(screen.getByText('Your wishlist is empty')).toBeInTheDocument()
  })

  it('cannot move an entry without a price to the cart', async () => {
    const store = makeStore()
    store.dispatch(addToWishlist({ productId: 'mystery-1', name: 'Mystery' }))
    await renderApp({ page: <WishlistPage />, path: '/wishlist', store })
    expect(screen.getByRole('button', { name: 'Move to Cart' })).toBeDisabled()
  })
})
