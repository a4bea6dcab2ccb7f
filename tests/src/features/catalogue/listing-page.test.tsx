import { useParams } from '@tanstack/react-router'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { makeStore } from '@/app/store'
import { ListingPage } from '@/features/catalogue/components/listing-page'
import { StorePage } from '@/features/catalogue/components/store-page'
import { catalogueReceived } from '@/features/catalogue/catalogue-slice'
import { validateListingSearch } from '@/features/catalogue/listing/listing-search'
import { setCurrency } from '@/features/currency/currency-slice'
import { catalogue, products } from './catalogue-fixture'
import { createRoute, renderRoute } from './render-route'

function renderListing(path: string, store = makeStore()) {
  return renderRoute({
    path,
    store,
    withCatalogue: store.getState().catalogue.status !== 'ready',
    routes: (root) => [
      createRoute({
        getParentRoute: () => root,
        path: '/women',
        validateSearch: validateListingSearch,
        component: () => <ListingPage preset="women" />,
      }),
      createRoute({
        getParentRoute: () => root,
        path: '/products',
        validateSearch: validateListingSearch,
        component: () => <ListingPage preset="all" />,
      }),
      createRoute({
        getParentRoute: () => root,
        path: '/products/$category',
        validateSearch: validateListingSearch,
        component: function Category() {
          const { category } = useParams({ strict: false }) as { category: string }
          return <ListingPage preset={category} />
        },
      }),
      createRoute({
        getParentRoute: () => root,
        path: '/luxury-watches-store',
        validateSearch: validateListingSearch,
        component: () => <StorePage store="luxury-watches" />,
      }),
      createRoute({
        getParentRoute: () => root,
        path: '/bags-store',
        validateSearch: validateListingSearch,
        component: () => <StorePage store="bags" />,
      }),
    ],
  })
}

const grid = (name: string) => screen.getByRole('list', { name })
const cardNames = (name: string) =>
  within(grid(name))
    .getAllByRole('article')
    .map((card) => card.getAttribute('aria-label'))

describe('listing page', { timeout: 20_000 }, () => {
  it('shows the title, the count and the preset products as cards linking to their pages', async () => {
    await renderListing('/women')
    expect(screen.getByRole('heading', { level: 1, name: 'Women' })).toBeInTheDocument()
    expect(screen.getByText('4 products')).toBeInTheDocument()
    const card = within(grid('Women products')).getByRole('article', { name: 'Silk Evening Gown' })
    expect(within(card).getByRole('link')).toHaveAttribute(
      'href',
      '/product/silk-evening-gown-dress-001',
    )
    expect(within(card).getByRole('img', { name: 'Rated 4.9 out of 5' })).toBeInTheDocument()
    expect(within(card).getByText('KSH 38,500')).toBeInTheDocument()
  })

  it("loads its first row's pictures at once and first, the rest as they near the screen", async () => {
    await renderListing('/women')
    const images = [...grid('Women products').querySelectorAll('img')]
    expect(images.map((image) => image.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      ...Array<string>(images.length - 2).fill('lazy'),
    ])
    expect(images.map((image) => image.getAttribute('fetchpriority'))).toEqual([
      'high',
      'high',
      ...Array<null>(images.length - 2).fill(null),
    ])
  })

  it('shows sale prices, the old price struck, the discount and New badges', async () => {
    await renderListing('/women')
    const card = screen.getByRole('article', { name: 'Kitenge Print Midi Dress' })
    expect(within(card).getByText('-15%')).toBeInTheDocument()
    expect(within(card).getByText('New')).toBeInTheDocument()
    expect(card.querySelector('s')).toHaveTextContent('Was KSH 9,800')
    expect(within(card).getByText(/KSH 8,330/)).toBeInTheDocument()
  })

  it('shows prices in the chosen currency', async () => {
    const store = makeStore()
    store.dispatch(catalogueReceived({ catalogue, fromDevice: false }))
    store.dispatch(setCurrency('USD'))
    await renderListing('/women', store)
    const card = screen.getByRole('article', { name: 'Silk Evening Gown' })
    expect(within(card).getByText('$275.00')).toBeInTheDocument()
  })

  // jsdom applies no media queries, so the page is laid out as on a phone: filters are in the drawer
  // (the desktop sidebar is checked in a real browser, e2e/shopping.spec.ts).
  async function openFilters(user: ReturnType<typeof userEvent.setup>) {
    await user.click(screen.getByRole('button', { name: /^Filters/ }))
    return screen.findByRole('dialog', { name: 'Filters' }, { timeout: 8000 })
  }

  it('filters from the Filters drawer and keeps the filters in the URL', async () => {
    const user = userEvent.setup()
    const { router } = await renderListing('/women')
    const sidebar = await openFilters(user)
    await user.click(within(sidebar).getByRole('radio', { name: /Dresses/ }))
    await waitFor(() => expect(screen.getByText('2 products')).toBeInTheDocument())
    expect(router.state.location.search).toEqual({ category: 'dresses' })
    await user.click(within(sidebar).getByRole('checkbox', { name: /On sale/ }))
    await waitFor(() => expect(screen.getByText('1 product')).toBeInTheDocument())
    expect(router.state.location.search).toEqual({ category: 'dresses', sale: true })
    await user.click(within(sidebar).getByRole('button', { name: 'Show 1 product' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(cardNames('Women products')).toEqual(['Kitenge Print Midi Dress']))
    expect(screen.getByRole('button', { name: 'Filters (2)' })).toBeInTheDocument()
  })

  it('reads filters and sort from the URL it was opened with', async () => {
    await renderListing('/products?brand=Nairobi%20Leatherworks&sort=price-desc&max=25000')
    expect(screen.getByText('6 products')).toBeInTheDocument()
    expect(cardNames('All Products products')[0]).toBe('Leather Tote 6')
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-desc')
    expect(screen.getByRole('button', { name: 'Remove filter: Nairobi Leatherworks' }))
  })

  it('drops invalid URL values instead of failing', async () => {
    await renderListing('/women?sort=cheapest&page=-2&min=abc&category=%3Cb%3E')
    expect(screen.getByText('4 products')).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull()
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('featured')
  })

  it('sorts, and takes the sort into the URL', async () => {
    const user = userEvent.setup()
    const { router } = await renderListing('/women')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price-asc')
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'price-asc' }))
    // The grid follows the URL a step behind (a deferred render).
    await waitFor(() =>
      expect(cardNames('Women products')).toEqual([
        'Ribbed Knit Top',
        'Kitenge Print Midi Dress',
        'Linen Co-ord Matching Set',
        'Silk Evening Gown',
      ]),
    )
  })

  it('says when nothing matches, and clears the filters', async () => {
    const user = userEvent.setup()
    const { router } = await renderListing('/women?brand=Nike&sort=newest')
    expect(screen.getByRole('heading', { name: 'No products match these filters' }))
    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => expect(screen.getByText('4 products')).toBeInTheDocument())
    expect(router.state.location.search).toEqual({ sort: 'newest' })
  })

  it('filters by price typed in the chosen currency', async () => {
    const user = userEvent.setup()
    const { router } = await renderListing('/women')
    const sidebar = await openFilters(user)
    await user.type(within(sidebar).getByLabelText('Max (KSH)'), '10000')
    await user.click(within(sidebar).getByRole('button', { name: 'Apply price' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ max: 10000 }))
    expect(screen.getByText('2 products')).toBeInTheDocument()
  })

  it('lists subcategories under /products/{slug}', async () => {
    await renderListing('/products/matching-sets')
    expect(screen.getByRole('heading', { level: 1, name: 'Matching Sets' })).toBeInTheDocument()
    expect(cardNames('Matching Sets products')).toEqual(['Linen Co-ord Matching Set'])
  })

  it('says so, with links, for a collection that does not exist', async () => {
    await renderListing('/products/space-suits')
    expect(screen.getByRole('heading', { name: 'We could not find that collection' }))
    expect(screen.getByRole('link', { name: 'All products' })).toHaveAttribute('href', '/products')
  })

  it('shows 24 a page and loads more', async () => {
    const user = userEvent.setup()
    const many = Array.from({ length: 30 }, (_, index) => ({
      ...products[0]!,
      id: `gown-${String(index).padStart(2, '0')}`,
      slug: `gown-${index}`,
      name: `Gown ${index}`,
    }))
    const store = makeStore()
    store.dispatch(
      catalogueReceived({ catalogue: { ...catalogue, products: many }, fromDevice: false }),
    )
    const { router } = await renderListing('/women', store)
    expect(screen.getByText('30 products')).toBeInTheDocument()
    expect(within(grid('Women products')).getAllByRole('article')).toHaveLength(24)
    expect(screen.getByText('Showing 24 of 30')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    await waitFor(() =>
      expect(within(grid('Women products')).getAllByRole('article')).toHaveLength(30),
    )
    expect(router.state.location.search).toEqual({ page: 2 })
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
  })

  it('shows fixed-size skeletons while the catalogue loads', async () => {
    const store = makeStore()
    await renderRoute({
      path: '/women',
      store,
      withCatalogue: false,
      routes: (root) => [
        createRoute({
          getParentRoute: () => root,
          path: '/women',
          validateSearch: validateListingSearch,
          component: () => <ListingPage preset="women" />,
        }),
      ],
    })
    expect(screen.getByRole('status', { name: 'Loading products' })).toBeInTheDocument()
  })
})

describe('store pages', { timeout: 20_000 }, () => {
  it('lists the watch houses by heritage before the watches, each linking to its page', async () => {
    await renderListing('/luxury-watches-store')
    const houses = screen.getByRole('region', { name: 'Luxury Watch Houses' })
    const links = within(houses).getAllByRole('link')
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Vacheron Constantin, Since 1755',
      'Patek Philippe, Since 1839',
      'Cartier, Since 1847',
      'Omega, Since 1848',
      'Audemars Piguet, Since 1875',
      'Rolex, Since 1905',
    ])
    expect(links.at(-1)).toHaveAttribute('href', '/brands/rolex')
    expect(screen.getByRole('heading', { name: 'All luxury watches' })).toBeInTheDocument()
    expect(screen.getByRole('article', { name: 'Rolex Submariner Date' })).toBeInTheDocument()
  })

  it('has chips for each kind of bag, kept in the URL', async () => {
    const user = userEvent.setup()
    const { router } = await renderListing('/bags-store')
    expect(screen.getByText('10 products')).toBeInTheDocument()
    const chips = screen.getByRole('list', { name: 'Shop by type' })
    await user.click(within(chips).getByRole('button', { name: /Totes/ }))
    await waitFor(() => expect(screen.getByText('5 products')).toBeInTheDocument())
    expect(router.state.location.search).toEqual({ category: 'totes' })
    expect(within(chips).getByRole('button', { name: /Totes/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
  })
})
