import { ChakraProvider } from '@chakra-ui/react/styled-system'
import { act, configure, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { system } from '@/components/ui/chakra-theme'
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
