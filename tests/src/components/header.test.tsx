import { ChakraProvider } from '@chakra-ui/react/styled-system'
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
import { afterEach, describe, expect, it, vi } from 'vitest'
import { system } from '@/components/ui/chakra-theme'
import { Header } from '@/components/header/header'

// Lazily loaded parts (dialog machinery, toasts) can take seconds to arrive on a busy machine.
configure({ asyncUtilTimeout: 10_000 })

vi.setConfig({ testTimeout: 30_000 })

const pages = [
  '/',
  '/women',
  '/men',
  '/kids',
  '/beauty',
  '/about',
  '/blog',
  '/press',
  '/careers',
  '/our-story',
  '/affiliate-program',
  '/privacy-policy',
  '/terms-of-service',
  '/shipping-info',
  '/returns',
  '/size-guide',
  '/faq',
  '/contact',
  '/luxury-watches',
  '/smart-watches',
  '/accessories',
  '/new-arrivals',
  '/sale',
  '/brands',
]

async function renderHeader(path = '/') {
  const root = createRootRoute({
    component: () => (
      <>
        <Header
          actions={<button type="button">Cart</button>}
          sideMenuTop={<input aria-label="Search" />}
        />
        <Outlet />
        <button type="button">Outside</button>
      </>
    ),
  })
  const router = createRouter({
    routeTree: root.addChildren(
      pages.map((page) =>
        createRoute({
          getParentRoute: () => root,
          path: page,
          component: () => <h1>Page {page}</h1>,
        }),
      ),
    ),
    history: createMemoryHistory({ initialEntries: [path] }),
  })
  await router.load()
  // jsdom ignores media queries, so the base (phone) styles apply and the desktop bar is display:none.
  // Show it, as a wide screen would; the phone's menu button stays visible too.
  const wide = document.createElement('style')
  wide.textContent = 'nav[aria-label="Main"] { display: block !important }'
  document.head.append(wide)
  render(
    <ChakraProvider value={system}>
      <RouterProvider router={router} />
    </ChakraProvider>,
  )
  return router
}

const menuButton = (name: string) =>
  within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name })

describe('Header', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('has the six links and three menus in the spec’s order, each menu button wired to its menu', async () => {
    await renderHeader()
    const nav = screen.getByRole('navigation', { name: 'Main' })
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['HOME', 'WOMEN', 'MEN', 'KIDS', 'BEAUTY', 'ABOUT'])
    for (const name of ['MORE', 'ACCESSORIES', 'COLLECTIONS']) {
      const button = menuButton(name)
      expect(button).toHaveAttribute('aria-expanded', 'false')
      expect(button).toHaveAttribute('aria-haspopup', 'menu')
      expect(document.getElementById(button.getAttribute('aria-controls')!)).toHaveAttribute(
        'role',
        'menu',
      )
    }
    expect(screen.getByRole('link', { name: 'Luxe Kenya home' })).toHaveAttribute('href', '/')
  })

  it('opens MORE from the keyboard and moves with arrows, Home, End and letters', async () => {
    const user = userEvent.setup()
    await renderHeader()
    const more = menuButton('MORE')
    more.focus()
    await user.keyboard('{Enter}')
    expect(more).toHaveAttribute('aria-expanded', 'true')
    const menu = screen.getByRole('menu', { name: 'MORE' })
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Blog',
      'Press',
      'Careers',
      'Our Story',
      'Become an Affiliate',
      'Privacy Policy',
      'Terms of Service',
      'Shipping Info',
      'Returns',
      'Size Guide',
      'FAQ',
      'Contact',
      'About',
    ])
    const item = (name: string) => within(menu).getByRole('menuitem', { name })
    expect(item('Blog')).toHaveFocus()
    await user.keyboard('{ArrowDown}')
    expect(item('Press')).toHaveFocus()
    await user.keyboard('{End}')
    expect(item('About')).toHaveFocus()
    await user.keyboard('{ArrowDown}')
    expect(item('Blog')).toHaveFocus()
    await user.keyboard('{ArrowUp}')
    expect(item('About')).toHaveFocus()
    await user.keyboard('{Home}')
    expect(item('Blog')).toHaveFocus()
    await user.keyboard('c')
    expect(item('Careers')).toHaveFocus()
    await user.keyboard('c')
    expect(item('Contact')).toHaveFocus()
  })

  it('resets the typed letters after one second', async () => {
    await renderHeader()
    const more = menuButton('MORE')
    fireEvent.keyDown(more, { key: 'Enter' })
    const menu = screen.getByRole('menu', { name: 'MORE' })
    const item = (name: string) => within(menu).getByRole('menuitem', { name })
    await waitFor(() => expect(item('Blog')).toHaveFocus())
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const type = (key: string) => fireEvent.keyDown(document.activeElement!, { key })
    type('s')
    type('i')
    expect(item('Size Guide')).toHaveFocus()
    type('r')
    expect(item('Size Guide')).toHaveFocus() // "sir" matches nothing
    act(() => {
      vi.advanceTimersByTime(999)
    })
    type('r')
    expect(item('Size Guide')).toHaveFocus() // "sirr" still typed within the second
    act(() => {
      vi.advanceTimersByTime(1000)
    })
    type('r')
    expect(item('Returns')).toHaveFocus()
  })

  it('closes on Escape and gives focus back to its button; ArrowUp opens on the last item', async () => {
    const user = userEvent.setup()
    await renderHeader()
    const accessories = menuButton('ACCESSORIES')
    accessories.focus()
    await user.keyboard('{ArrowUp}')
    const menu = screen.getByRole('menu', { name: 'ACCESSORIES' })
    expect(within(menu).getByRole('menuitem', { name: 'Fashion Accessories' })).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(accessories).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('menu', { name: 'ACCESSORIES' })).not.toBeInTheDocument()
    expect(accessories).toHaveFocus()
  })

  it('closes when focus tabs away or on a press outside', async () => {
    const user = userEvent.setup()
    await renderHeader()
    const collections = menuButton('COLLECTIONS')
    collections.focus()
    await user.keyboard(' ')
    expect(collections).toHaveAttribute('aria-expanded', 'true')
    await user.tab()
    expect(collections).toHaveAttribute('aria-expanded', 'false')

    await user.click(collections)
    expect(collections).toHaveAttribute('aria-expanded', 'true')
    await user.click(screen.getByRole('button', { name: 'Outside' }))
    expect(collections).toHaveAttribute('aria-expanded', 'false')
  })

  it('follows a menu item with Enter and closes the menu', async () => {
    const user = userEvent.setup()
    const router = await renderHeader()
    menuButton('COLLECTIONS').focus()
    await user.keyboard('{Enter}')
    const menu = screen.getByRole('menu', { name: 'COLLECTIONS' })
    expect(within(menu).getByRole('menuitem', { name: 'Trending Now' })).toHaveAttribute(
      'href',
      '/sale',
    )
    expect(within(menu).getByRole('menuitem', { name: 'Designer Brands' })).toHaveAttribute(
      'href',
      '/brands',
    )
    await user.keyboard('{ArrowDown}{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/sale'))
    expect(menuButton('COLLECTIONS')).toHaveAttribute('aria-expanded', 'false')
  })

  it('opens on mouse hover after 200 ms and closes 150 ms after the pointer leaves', async () => {
    await renderHeader()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const more = menuButton('MORE')
    const container = more.parentElement!
    fireEvent.pointerEnter(container, { pointerType: 'mouse' })
    act(() => {
      vi.advanceTimersByTime(199)
    })
    expect(more).toHaveAttribute('aria-expanded', 'false')
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(more).toHaveAttribute('aria-expanded', 'true')
    fireEvent.pointerLeave(container, { pointerType: 'mouse' })
    act(() => {
      vi.advanceTimersByTime(149)
    })
    expect(more).toHaveAttribute('aria-expanded', 'true')
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(more).toHaveAttribute('aria-expanded', 'false')
  })

  it('opens the side menu with the search box and the same items, and closes it on navigation', async () => {
    const user = userEvent.setup()
    const router = await renderHeader()
    const open = screen.getByRole('button', { name: 'Open menu' })
    await user.click(open)
    const drawer = await screen.findByRole('dialog', { name: 'Menu' })
    expect(within(drawer).getByRole('textbox', { name: 'Search' })).toBeInTheDocument()
    const mobileNav = within(drawer).getByRole('navigation', { name: 'Mobile' })
    for (const name of ['HOME', 'WOMEN', 'MEN', 'KIDS', 'BEAUTY', 'ABOUT']) {
      expect(within(mobileNav).getByRole('link', { name })).toBeInTheDocument()
    }
    const accessories = within(mobileNav).getByRole('button', { name: 'ACCESSORIES' })
    expect(accessories).toHaveAttribute('aria-expanded', 'false')
    await user.click(accessories)
    expect(accessories).toHaveAttribute('aria-expanded', 'true')
    await user.click(within(mobileNav).getByRole('link', { name: 'Smart Watches' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/smart-watches'))
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument(),
    )

    await user.click(open)
    await screen.findByRole('dialog', { name: 'Menu' })
    await user.keyboard('{Escape}')
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument(),
    )
  })
})
