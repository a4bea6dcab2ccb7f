import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  HeadContent,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useTitleRefresh } from '@/features/catalogue/use-title-refresh'
import { titleMeta } from '@/lib/page-title'

/**
 * A page whose head reads a name the router cannot know yet when it loads (the catalogue is not in
 * memory), while the page itself already shows it (a prebuilt page's own catalogue).
 */
function setup(nameAtLoad: (load: number) => string | undefined) {
  let loads = 0
  const root = createRootRoute({
    component: () => (
      <>
        <HeadContent />
        <Outlet />
      </>
    ),
  })
  const brand = createRoute({
    getParentRoute: () => root,
    path: '/brands/rolex',
    loader: () => {
      loads += 1
      return { name: nameAtLoad(loads) }
    },
    head: ({ loaderData }) => titleMeta(loaderData?.name ?? 'Brand'),
    component: function Brand() {
      useTitleRefresh('Rolex')
      return <h1>Rolex</h1>
    },
  })
  const router = createRouter({
    routeTree: root.addChildren([brand]),
    history: createMemoryHistory({ initialEntries: ['/brands/rolex'] }),
  })
  render(<RouterProvider router={router} />)
  return { router, loads: () => loads }
}

describe('useTitleRefresh', () => {
  it('asks the router again when the page knows the name its title lacks', async () => {
    // The first load comes before the catalogue is in memory; it is there by the time the page shows.
    const { loads } = setup((load) => (load === 1 ? undefined : 'Rolex'))
    await screen.findByRole('heading', { name: 'Rolex' })
    await waitFor(() => expect(document.title).toBe('Rolex | Luxe Kenya'))
    expect(loads()).toBe(2)
  })

  it('does not ask for ever when the head cannot know the name', async () => {
    const { loads } = setup(() => undefined)
    await screen.findByRole('heading', { name: 'Rolex' })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(document.title).toBe('Brand | Luxe Kenya')
    expect(loads()).toBeLessThanOrEqual(2)
  })
})

describe('catalogue titles', () => {
  it('name what a prebuilt page shows before the live catalogue is in memory', async () => {
    const { brandName, productName } = await import('@/features/catalogue/api/catalogue-titles')
    const { expectBuildCatalogue } = await import('@/features/catalogue/api/build-catalogue')
    const { catalogue } = await import('./catalogue-fixture')
    const brand = catalogue.brands[0]!
    const product = catalogue.products[0]!
    expect(await brandName(brand.slug)).toBeUndefined()
    let arrive: (value: typeof catalogue) => void = () => {}
    expectBuildCatalogue(new Promise((resolve) => (arrive = resolve)))
    // Asked before the build's catalogue has arrived: the answer waits for it.
    const asked = brandName(brand.slug)
    arrive(catalogue)
    expect(await asked).toBe(brand.name)
    expect(await productName(product.slug)).toBe(product.name)
    expect(await productName(product.id)).toBe(product.name)
  })
})
