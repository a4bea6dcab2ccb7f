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
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useStartupSplash } from '@/app/layout/use-startup-splash'
import { system } from '@/app/theme'
import { skipSplashKey, SplashScreen } from '@/components/splash-screen'

/** The shell's rule (spec §2): the splash shows at start, never on /checkout, and is dropped for good. */
function Shell() {
  const { splashVisible, finishSplash } = useStartupSplash()
  return (
    <>
      <Link to="/checkout">Go to checkout</Link>
      <Outlet />
      {splashVisible ? <SplashScreen onComplete={finishSplash} /> : null}
    </>
  )
}

async function renderAt(path: string) {
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
    vi.useRealTimers()
    sessionStorage.clear()
  })

  it('covers the first page, which is already rendered underneath, and goes after 5.3 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
    await renderAt('/')
    expect(splash()).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument()
    act(() => {
      vi.advanceTimersByTime(5300)
    })
    expect(splash()).not.toBeInTheDocument()
    act(() => {
      vi.advanceTimersByTime(60_000)
    })
    expect(splash()).not.toBeInTheDocument()
  })

  it('is never shown when the app starts on /checkout', async () => {
    await renderAt('/checkout')
    expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeInTheDocument()
    expect(splash()).not.toBeInTheDocument()
  })

  it('is dropped as soon as the path becomes /checkout', async () => {
    const router = await renderAt('/')
    expect(splash()).toBeInTheDocument()
    await act(() => router.navigate({ to: '/checkout' }))
    expect(splash()).not.toBeInTheDocument()
    await act(() => router.navigate({ to: '/' }))
    expect(splash()).not.toBeInTheDocument()
  })

  it('is skipped when automated tests set the session flag', async () => {
    sessionStorage.setItem(skipSplashKey, '1')
    await renderAt('/')
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument()
    expect(splash()).not.toBeInTheDocument()
  })
})
