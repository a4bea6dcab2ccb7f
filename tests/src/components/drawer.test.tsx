import { ChakraProvider } from '@chakra-ui/react/styled-system'
import { configure, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { system } from '@/components/ui/chakra-theme'
import { Drawer, type DrawerSide } from '@/components/drawer'

// Lazily loaded parts (dialog machinery, toasts) can take seconds to arrive on a busy machine.
configure({ asyncUtilTimeout: 10_000 })

function Harness({ side }: { side?: DrawerSide }) {
  const [open, setOpen] = useState(false)
  return (
    <ChakraProvider value={system}>
      <button type="button" onClick={() => setOpen(true)}>
        Open drawer
      </button>
      <Drawer open={open} onClose={() => setOpen(false)} title="Shopping Cart (0)" side={side}>
        <a href="/sale">Sale</a>
      </Drawer>
    </ChakraProvider>
  )
}

describe('Drawer', () => {
  it('renders nothing until first opened, then a labelled dialog from the right by default', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Open drawer' }))
    const dialog = await screen.findByRole('dialog', { name: 'Shopping Cart (0)' })
    expect(dialog).toHaveAttribute('data-side', 'right')
  })

  it('closes on Escape and on its close button', async () => {
    const user = userEvent.setup()
    render(<Harness side="left" />)
    await user.click(screen.getByRole('button', { name: 'Open drawer' }))
    const dialog = await screen.findByRole('dialog', { name: 'Shopping Cart (0)' })
    expect(dialog).toHaveAttribute('data-side', 'left')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    await user.click(screen.getByRole('button', { name: 'Open drawer' }))
    await screen.findByRole('dialog')
    await user.click(screen.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })
})
