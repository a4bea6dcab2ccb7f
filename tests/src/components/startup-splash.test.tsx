import { ChakraProvider } from '@chakra-ui/react/styled-system'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Link,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useStartupSplash } from '@/app/layout/use-startup-splash'
import { system } from '@/components/ui/chakra-theme'
import { splashOptions, startSplash } from '@/components/splash-screen'
import { showWhileAnimating } from './splash-support'

/**
 * The shell's rule: the splash (started by index.html before the app) shows at start, never
 * on /checkout, and is dropped for good; the shell knows whether it still shows (the email offer waits).
 */
function Shell() {
  const { splashVisible } = useStartupSplash()
  return (
    <>
      <Link to="/checkout">Go to checkout</Link>
      <p>{splashVisible ? 'Splash showing' : 'Splash gone'}</p>
      <Outlet />
    </>
  )
}

async function renderAt(path: string) {
  // What index.html does before the app's code runs (and CSS then plays).
  showWhileAnimating()
  startSplash(splashOptions)
  const root = createRootRoute({ component: Shell })
  const router = createRouter({
    routeTree: root.addChildren([
      createRoute({ getParentRoute: () => root, path: '/', component: () => <h1>Home</h1> }),
      createRoute({
        getParentRoute: () => root,
        path: '/checkout',
        component: () => <h1>Checkout</h1>,
      }),
    ]),
    history: createMemoryHistory({ initialEntries: [path] }),
  })
  await router.load()
  render(
    <ChakraProvider value={system}>
      <RouterProvider router={router} />
    </ChakraProvider>,
  )
  return router
}

const splash = () => screen.queryByRole('progressbar', { name: 'Loading Luxe Kenya' })

describe('the start-up splash in the shell', () => {
  afterEach(() => {
    window.luxeSplash?.drop()
    delete window.luxeSplash
    document.head.querySelectorAll('style[data-test-splash]').forEach((style) => style.remove())
    sessionStorage.clear()
    delete window.luxeSkipSplash
  })

  it('covers the first page, which is already rendered underneath, and goes when its CSS ends', async () => {
    await renderAt('/')
    expect(splash()).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument()
    expect(screen.getByText('Splash showing')).toBeInTheDocument()
    const overlay = document.querySelector('.lk-splash')!
    const end = (animationName: string) =>
      overlay.dispatchEvent(Object.assign(new Event('animationend'), { animationName }))
    act(() => {
      end('lk-splash-fill')
    })
    expect(screen.getByText('Splash showing')).toBeInTheDocument()
    act(() => {
      end('lk-splash-hide')
    })
    expect(splash()).not.toBeInTheDocument()
    expect(screen.getByText('Splash gone')).toBeInTheDocument()
  })

  it('is dropped when the app starts on /checkout', async () => {
    await renderAt('/checkout')
    expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeInTheDocument()
    expect(splash()).not.toBeInTheDocument()
    expect(screen.getByText('Splash gone')).toBeInTheDocument()
  })

  it('is dropped as soon as the path becomes /checkout', async () => {
    const router = await renderAt('/')
    expect(splash()).toBeInTheDocument()
    await act(() => router.navigate({ to: '/checkout' }))
    expect(splash()).not.toBeInTheDocument()
    await act(() => router.navigate({ to: '/' }))
    expect(splash()).not.toBeInTheDocument()
    expect(screen.getByText('Splash gone')).toBeInTheDocument()
  })

  it('is skipped when automated tests set the flag', async () => {
    window.luxeSkipSplash = true
    await renderAt('/')
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument()
    expect(splash()).not.toBeInTheDocument()
    expect(screen.getByText('Splash gone')).toBeInTheDocument()
  })

  it('counts as gone in pages that never drew it', async () => {
    const root = createRootRoute({ component: Shell })
    const router = createRouter({
      routeTree: root,
      history: createMemoryHistory({ initialEntries: ['/'] }),
    })
    await router.load()
    render(<RouterProvider router={router} />)
    expect(screen.getByText('Splash gone')).toBeInTheDocument()
  })
})
