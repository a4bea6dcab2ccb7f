import { ChakraProvider } from '@chakra-ui/react/styled-system'
import { act, configure, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { system } from '@/components/ui/chakra-theme'
import { Drawer } from '@/components/drawer'
import { notify, Toaster, toaster } from '@/components/toaster'

// Lazily loaded parts (dialog machinery, toasts) can take seconds to arrive on a busy machine.
configure({ asyncUtilTimeout: 10_000 })

function renderToaster() {
  render(
    <ChakraProvider value={system}>
      <Toaster />
    </ChakraProvider>,
  )
}

describe('notify', () => {
  afterEach(() => {
    act(() => toaster.remove())
  })

  it('shows the title and description of a toast, even before the toaster has loaded', async () => {
    renderToaster()
    act(() => {
      notify({ title: 'Demo Items Added!', description: 'Two things', type: 'success' })
    })
    expect(await screen.findByText('Demo Items Added!')).toBeInTheDocument()
    expect(screen.getByText('Two things')).toBeInTheDocument()
  })

  it('marks destructive messages as errors and can dismiss them', async () => {
    renderToaster()
    let id = ''
    act(() => {
      id = notify({
        title: 'Login failed',
        description: 'Invalid login credentials',
        type: 'error',
      })
    })
    const title = await screen.findByText('Login failed')
    expect(title.closest('[data-type]')).toHaveAttribute('data-type', 'error')
    act(() => toaster.remove(id))
    await act(async () => {})
    expect(screen.queryByText('Login failed')).not.toBeInTheDocument()
  })
})

describe('a toast while a drawer is open', () => {
  afterEach(() => {
    act(() => toaster.remove())
  })

  function CartWithToasts() {
    const [open, setOpen] = useState(false)
    return (
      <ChakraProvider value={system}>
        <button type="button" onClick={() => setOpen(true)}>
          Open cart
        </button>
        <Drawer open={open} onClose={() => setOpen(false)} title="Shopping Cart (1)">
          <p>Silk Evening Gown</p>
        </Drawer>
        <Toaster />
      </ChakraProvider>
    )
  }

  it('is shown inside the drawer (above its backdrop, not inert), and back on the page once it closes', async () => {
    const user = userEvent.setup()
    render(<CartWithToasts />)
    act(() => {
      notify({ title: 'Added to Cart', type: 'success', duration: 60_000 })
    })
    expect(await screen.findByText('Added to Cart')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Open cart' }))
    const drawer = await screen.findByRole('dialog', { name: 'Shopping Cart (1)' })
    await waitFor(() => expect(within(drawer).getByText('Added to Cart')).toBeInTheDocument())
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await screen.findByText('Added to Cart')).toBeInTheDocument()
  })
})
