import { useParams } from '@tanstack/react-router'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { BrandPage } from '@/features/catalogue/components/brand-page'
import { BrandsPage } from '@/features/catalogue/components/brands-page'
import { ProductPage } from '@/features/catalogue/components/product-page'
import {
  catalogueDetailsReceived,
  catalogueReceived,
  productViewed,
} from '@/features/catalogue/catalogue-slice'
import type { BrandSlug } from '@/config/paths'
import { makeStore } from '@/app/store'
import { catalogue } from './catalogue-fixture'
import { createRoute, renderRoute } from './render-route'

function renderProduct(path: string, store = makeStore(), withCatalogue = true) {
  return renderRoute({
    path,
    store,
    withCatalogue,
    routes: (root) => [
      createRoute({
        getParentRoute: () => root,
        path: '/product/$slug',
        component: function Product() {
          const { slug } = useParams({ strict: false }) as { slug: string }
          return <ProductPage slugOrId={slug} />
        },
      }),
      createRoute({ getParentRoute: () => root, path: '/brands', component: BrandsPage }),
      createRoute({
        getParentRoute: () => root,
        path: '/brands/$brand',
        component: function Brand() {
          const { brand } = useParams({ strict: false }) as { brand: BrandSlug }
          return <BrandPage slug={brand} />
        },
      }),
    ],
  })
}

describe('product page', { timeout: 20_000 }, () => {
  it('shows the product: name, brand, rating, price and discount, stock', async () => {
    await renderProduct('/product/kitenge-print-midi-dress-dress-002')
    expect(screen.getByRole('heading', { level: 1, name: 'Kitenge Print Midi Dress' }))
    expect(screen.getAllByText('Luxe Kenya Atelier').length).toBeGreaterThan(0)
    expect(screen.getAllByRole('img', { name: 'Rated 4.6 out of 5' }).length).toBeGreaterThan(0)
    expect(screen.getAllByText(/KSH 8,330/).length).toBeGreaterThan(0)
    expect(screen.getByText('You save KSH 1,470')).toBeInTheDocument()
    expect(screen.getByText('In stock')).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Kitenge Print Midi Dress' })).toHaveAttribute(
      'width',
      '800',
    )
  })

  it('shows the description once the details follow the list', async () => {
    const store = makeStore()
    const listOnly = {
      ...catalogue,
      detailsMerged: '',
      products: catalogue.products.map((product) => ({ ...product, description: '' })),
    }
    store.dispatch(catalogueReceived({ catalogue: listOnly, fromDevice: false }))
    await renderProduct('/product/dress-001', store, false)
    expect(screen.getByRole('heading', { level: 1, name: 'Silk Evening Gown' }))
    expect(screen.queryByText(/Floor-length silk charmeuse/)).not.toBeInTheDocument()
    store.dispatch(catalogueDetailsReceived(catalogue))
    expect(await screen.findByText(/Floor-length silk charmeuse/)).toBeVisible()
  })

  it('opens by product code too (search results link that way)', async () => {
    await renderProduct('/product/dress-001')
    expect(screen.getByRole('heading', { level: 1, name: 'Silk Evening Gown' }))
  })

  it('asks for a size, then adds the line to the cart at the discounted price and opens it', async () => {
    const user = userEvent.setup()
    const { store } = await renderProduct('/product/dress-002')
    const add = screen.getByRole('button', { name: 'Add to Cart' })
    await user.click(add)
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a size')
    expect(store.getState().cart.items).toEqual([])
    await user.click(screen.getByRole('radio', { name: 'M' }))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByRole('group', { name: 'Size: M' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }))
    await user.click(add)
    expect(store.getState().cart.items).toEqual([
      expect.objectContaining({
        productId: 'dress-002',
        name: 'Kitenge Print Midi Dress',
        price: 8330,
        size: 'M',
        color: 'Kitenge Print',
        quantity: 2,
        image: '/images/products/dress-black.svg',
      }),
    ])
    expect(store.getState().cart.isOpen).toBe(true)
  })

  it('asks for a colour too where there is a choice, beside each picker', async () => {
    const user = userEvent.setup()
    const { store } = await renderProduct('/product/dress-001')
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }))
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Please choose a colour',
      'Please choose a size',
    ])
    await user.click(screen.getByRole('radio', { name: 'S' }))
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a colour')
    expect(store.getState().cart.items).toEqual([])
    await user.click(screen.getByRole('radio', { name: 'Emerald' }))
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }))
    expect(store.getState().cart.items[0]).toMatchObject({ size: 'S', color: 'Emerald' })
  })

  it('warns when few are left and caps the quantity at the stock', async () => {
    const user = userEvent.setup()
    await renderProduct('/product/dress-001')
    expect(screen.getByText('Only 3 left')).toBeInTheDocument()
    const more = screen.getByRole('button', { name: 'Increase quantity' })
    await user.click(more)
    await user.click(more)
    expect(more).toBeDisabled()
    expect(screen.getByRole('status', { name: 'Quantity' })).toHaveTextContent('3')
  })

  it('cannot add a sold-out product', async () => {
    await renderProduct('/product/tops-001')
    expect(screen.getByRole('button', { name: 'Sold out' })).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull()
  })

  it('needs no choice for one-size, one-colour products', async () => {
    const user = userEvent.setup()
    const { store } = await renderProduct('/product/beauty-001')
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }))
    expect(store.getState().cart.items[0]).toMatchObject({ size: 'One Size', color: 'Natural' })
  })

  it('toggles the wishlist', async () => {
    const user = userEvent.setup()
    const { store } = await renderProduct('/product/dress-001')
    await user.click(screen.getByRole('button', { name: 'Add to wishlist' }))
    expect(store.getState().wishlist.items).toEqual([
      expect.objectContaining({ productId: 'dress-001', name: 'Silk Evening Gown', price: 38500 }),
    ])
    expect(screen.getByRole('button', { name: 'Saved to wishlist' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
  })

  it('shows delivery and returns notes, the size guide and related products', async () => {
    await renderProduct('/product/dress-001')
    const notes = screen.getByRole('region', { name: 'Delivery and returns' })
    expect(notes).toHaveTextContent('Free delivery across Kenya on orders over KSH 5,000')
    expect(notes).toHaveTextContent('Nairobi KSH 250')
    expect(notes).toHaveTextContent('30-day returns')
    expect(screen.getByRole('link', { name: 'Size guide' })).toHaveAttribute('href', '/size-guide')
    const related = screen.getByRole('list', { name: 'You may also like' })
    expect(within(related).getByRole('article', { name: 'Kitenge Print Midi Dress' }))
  })

  it("loads the product's picture first, the related products' pictures only as they near the screen", async () => {
    await renderProduct('/product/dress-001')
    const picture = screen.getByRole('img', { name: 'Silk Evening Gown' })
    expect(picture).toHaveAttribute('loading', 'eager')
    expect(picture).toHaveAttribute('fetchpriority', 'high')
    const related = [
      ...screen.getByRole('list', { name: 'You may also like' }).querySelectorAll('img'),
    ]
    expect(related.length).toBeGreaterThan(0)
    for (const image of related) {
      expect(image).toHaveAttribute('loading', 'lazy')
      expect(image).not.toHaveAttribute('fetchpriority')
    }
  })

  it('remembers it was viewed and lists what was viewed before', async () => {
    const store = makeStore()
    store.dispatch(productViewed('shoes-001'))
    store.dispatch(productViewed('dress-001'))
    await renderProduct('/product/dress-002', store)
    await waitFor(() =>
      expect(store.getState().recentlyViewed.ids).toEqual(['dress-002', 'dress-001', 'shoes-001']),
    )
    const recent = screen.getByRole('list', { name: 'Recently viewed' })
    expect(
      within(recent)
        .getAllByRole('article')
        .map((card) => card.getAttribute('aria-label')),
    ).toEqual(['Silk Evening Gown', 'Leather Court Sneakers'])
  })

  it('says "Product not found", with links, for an unknown product', async () => {
    await renderProduct('/product/no-such-thing')
    expect(screen.getByRole('heading', { level: 1, name: 'Product not found' }))
    expect(screen.getByRole('link', { name: 'Women' })).toHaveAttribute('href', '/women')
  })

  it('shows a skeleton while the catalogue loads', async () => {
    await renderRoute({
      path: '/product/dress-001',
      withCatalogue: false,
      routes: (root) => [
        createRoute({
          getParentRoute: () => root,
          path: '/product/$slug',
          component: () => <ProductPage slugOrId="dress-001" />,
        }),
      ],
    })
    expect(screen.getByRole('status', { name: 'Loading product' })).toBeInTheDocument()
  })
})

describe('brand pages', { timeout: 20_000 }, () => {
  it('/brands groups the watch brands and lists fashion brands from products', async () => {
    await renderProduct('/brands')
    const luxury = screen.getByRole('region', { name: 'Luxury Watch Houses' })
    expect(within(luxury).getAllByRole('link')).toHaveLength(6)
    const smart = screen.getByRole('region', { name: 'Smart Watch Brands' })
    expect(within(smart).getByRole('link', { name: 'Garmin, Premium' })).toHaveAttribute(
      'href',
      '/brands/garmin',
    )
    const fashion = screen.getByRole('region', { name: 'Fashion Brands' })
    expect(within(fashion).getByRole('link', { name: /Nairobi Leatherworks/ })).toHaveAttribute(
      'href',
      '/products?brand=Nairobi+Leatherworks',
    )
    expect(within(fashion).queryByRole('link', { name: /Rolex/ })).toBeNull()
  })

  it('/brands/{slug} tells the brand story and lists its products', async () => {
    await renderProduct('/brands/rolex')
    expect(screen.getByRole('heading', { level: 1, name: 'Rolex' }))
    expect(screen.getByText('Luxury watches')).toBeInTheDocument()
    expect(screen.getByText('Since 1905')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Brand story' })).toHaveTextContent(
      'Geneva watchmaker famous for the Oyster case.',
    )
    const products = screen.getByRole('list', { name: 'Rolex products' })
    expect(within(products).getByRole('article', { name: 'Rolex Submariner Date' }))
  })
})
