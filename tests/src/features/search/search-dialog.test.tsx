import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { SearchBox } from '@/features/search/components/search-box'
import { SearchButton } from '@/features/search/components/search-button'
import { SearchDialog } from '@/features/search/components/search-dialog'
import { openSearch } from '@/features/search/search-slice'
import { renderRoute } from '../catalogue/render-route'

function renderSearch() {
  return renderRoute({
    routes: () => [],
    path: '/start',
    chrome: (
      <>
        <SearchButton />
        <SearchBox />
        <SearchDialog />
      </>
    ),
  })
}

async function openDialog() {
  const user = userEvent.setup()
  const app = await renderSearch()
  await user.click(screen.getByRole('button', { name: 'Search' }))
  // The dialog's code loads on first use: allow for a cold import on a busy machine.
  const dialog = await screen.findByRole('dialog', { name: 'Search Fashion' }, { timeout: 8000 })
  // (Where focus lands is checked in a real browser, e2e/search.spec.ts: jsdom has no layout.)
  const box = within(dialog).getByPlaceholderText('Search for fashion items...')
  return { ...app, user, dialog, box }
}

describe('search dialog', { timeout: 20_000 }, () => {
  it('opens from the search icon with its title and box', async () => {
    const { store, box } = await openDialog()
    expect(store.getState().search.isOpen).toBe(true)
    expect(box).toHaveAccessibleName('Search for fashion items')
  })

  it('opens when the side menu search box gets focus', async () => {
    const user = userEvent.setup()
    await renderSearch()
    await user.click(screen.getByRole('searchbox', { name: 'Search the store' }))
    expect(
      await screen.findByRole('dialog', { name: 'Search Fashion' }, { timeout: 8000 }),
    ).toBeInTheDocument()
  })

  it('shows a spinner while loading, then the results heading and each kind of result', async () => {
    const { user, dialog, box } = await openDialog()
    await user.type(box, 'rolex')
    expect(within(dialog).getByRole('status')).toHaveTextContent('Searching…')
    expect(await within(dialog).findByRole('heading', { name: /^Search Results \(\d+\)$/ }))
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument()
    const product = within(dialog).getByRole('link', { name: /Rolex Submariner Date/ })
    expect(product).toHaveAttribute('href', '/product/luxe-rolex-001')
    expect(product).toHaveTextContent('KSH 1,820,000')
    expect(product).toHaveTextContent('Luxury Watches · Rolex')
    const brand = within(dialog).getByRole('link', { name: 'Rolex Luxury watch brand' })
    expect(brand).toHaveAttribute('href', '/luxury-watches')
    const page = within(dialog).getByRole('link', { name: /Luxury Watch Store/ })
    expect(page).toHaveAttribute('href', '/luxury-watches-store')
  })

  it('counts the results in the heading', async () => {
    const { user, dialog, box } = await openDialog()
    await user.type(box, 'a')
    const heading = await within(dialog).findByRole('heading', { name: /Search Results/ })
    const links = within(dialog).getAllByRole('link')
    expect(heading).toHaveTextContent(`Search Results (${links.length})`)
    // 8 products, 2 luxury and 2 smart watch brands, 3 pages.
    expect(links).toHaveLength(15)
  })

  it('says so when nothing matches, quoting the query as plain text', async () => {
    const { user, dialog, box } = await openDialog()
    await user.type(box, '<b>zzqx</b>')
    expect(
      await within(dialog).findByText('No results found for "<b>zzqx</b>"'),
    ).toBeInTheDocument()
    expect(within(dialog).getByText('Try different keywords or browse our categories'))
    expect(dialog.querySelector('b')).toBeNull()
    expect(within(dialog).getByRole('link', { name: 'Women' })).toHaveAttribute('href', '/women')
  })

  it('shows nothing for a blank query', async () => {
    const { user, dialog, box } = await openDialog()
    await user.type(box, '   ')
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)))
    expect(within(dialog).queryByRole('heading', { name: /Search Results/ })).toBeNull()
    expect(within(dialog).queryByText(/No results found/)).toBeNull()
    expect(within(dialog).queryByRole('status')).toBeNull()
  })

  it('picking a result opens it, clears the search and closes the dialog', async () => {
    const { user, dialog, box, store, router } = await openDialog()
    await user.type(box, 'snekers')
    await user.click(await within(dialog).findByRole('link', { name: /Leather Court Sneakers/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/shoes-001'))
    expect(store.getState().search).toMatchObject({ query: '', results: [], isOpen: false })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('the clear button resets the search and closes the dialog', async () => {
    const { user, dialog, box, store } = await openDialog()
    await user.type(box, 'silk')
    await within(dialog).findByRole('heading', { name: /Search Results/ })
    await user.click(within(dialog).getByRole('button', { name: 'Clear search' }))
    expect(store.getState().search).toMatchObject({ query: '', results: [], isOpen: false })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    // Focus going back to the page does not open it again.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(store.getState().search.isOpen).toBe(false)
  })

  it('Escape closes the dialog and keeps the query for next time', async () => {
    const { user, box, store } = await openDialog()
    await user.type(box, 'gown')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(store.getState().search).toMatchObject({ isOpen: false, query: 'gown' })
    act(() => {
      store.dispatch(openSearch())
    })
    const reopened = await screen.findByRole('dialog', { name: 'Search Fashion' })
    expect(within(reopened).getByPlaceholderText('Search for fashion items...')).toHaveValue('gown')
  })

  it('moves from the box into the results with the arrow keys', async () => {
    const { user, dialog, box } = await openDialog()
    await user.type(box, 'leather tote')
    await within(dialog).findByRole('heading', { name: /Search Results/ })
    await user.keyboard('{ArrowDown}')
    expect(within(dialog).getByRole('link', { name: /Leather Tote 1\b/ })).toHaveFocus()
    await user.keyboard('{ArrowDown}')
    expect(within(dialog).getByRole('link', { name: /Leather Tote 2\b/ })).toHaveFocus()
  })
})
