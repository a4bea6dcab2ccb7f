import { Button } from '@chakra-ui/react/button'
import { Portal } from '@chakra-ui/react/portal'
import { DialogContent, DialogPositioner, DialogRoot, DialogTitle } from '@chakra-ui/react/dialog'
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useRef, useState, type ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { Drawer, type DrawerProps, type DrawerSide } from '@/components/drawer'
import { useOverlayLayer } from '@/components/modal-layer'
import { ChakraScope } from '@/components/ui/chakra-scope'

// The drawer's code is a lazily loaded part, which can take seconds to arrive on a busy machine.
configure({ asyncUtilTimeout: 10_000 })

function Harness({
  side,
  children = <a href="/sale">Sale</a>,
  ...rest
}: { side?: DrawerSide; children?: ReactNode } & Partial<DrawerProps>) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open drawer
      </button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title="Shopping Cart (0)"
        side={side}
        {...rest}
      >
        {children}
      </Drawer>
      <button type="button">Behind</button>
    </>
  )
}

async function openIt(user: ReturnType<typeof userEvent.setup>, name = 'Shopping Cart (0)') {
  await user.click(screen.getByRole('button', { name: 'Open drawer' }))
  return screen.findByRole('dialog', { name })
}

const gone = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

describe('Drawer', () => {
  it('renders nothing until first opened, then a modal dialog named by its title, from the right by default', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    const dialog = await openIt(user)
    expect(dialog).toHaveAttribute('data-side', 'right')
    expect(dialog).toHaveAttribute('open')
    expect(within(dialog).getByRole('heading', { name: 'Shopping Cart (0)' })).toBeInTheDocument()
    expect(within(dialog).getByRole('link', { name: 'Sale' })).toBeInTheDocument()
  })

  it('closes on Escape, on its close button and on a click on the backdrop, not on one inside', async () => {
    const user = userEvent.setup()
    render(<Harness side="left" closeLabel="Close filters" />)
    const dialog = await openIt(user)
    expect(dialog).toHaveAttribute('data-side', 'left')
    await user.keyboard('{Escape}')
    await gone()

    await openIt(user)
    await user.click(screen.getByRole('button', { name: 'Close filters' }))
    await gone()

    // The dialog covers the screen and holds the panel: a click on the dialog itself is on the backdrop.
    const again = await openIt(user)
    await user.click(within(again).getByRole('heading', { name: 'Shopping Cart (0)' }))
    expect(screen.getByRole('dialog')).toBeInTheDocument()
    await user.click(again)
    await gone()
  })

  it('does not close when a press starts in the panel and ends on the backdrop', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    const dialog = await openIt(user)
    fireEvent.pointerDown(within(dialog).getByRole('heading'))
    fireEvent.click(dialog)
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })

  it('moves focus to the close button, or where it is told, and gives it back on closing', async () => {
    const user = userEvent.setup()
    const { unmount } = render(<Harness />)
    const opener = screen.getByRole('button', { name: 'Open drawer' })
    let dialog = await openIt(user)
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus()
    await user.keyboard('{Escape}')
    await gone()
    expect(opener).toHaveFocus()
    unmount()

    function Told() {
      const behind = useRef<HTMLButtonElement>(null)
      const [open, setOpen] = useState(false)
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Open drawer
          </button>
          <button type="button" ref={behind}>
            Menu button
          </button>
          <Drawer
            open={open}
            onClose={() => setOpen(false)}
            title="Filters"
            initialFocusEl={() => document.getElementById('first-filter')}
            finalFocusEl={() => behind.current}
          >
            <a href="/sale">Sale</a>
            <input id="first-filter" aria-label="New arrivals" type="checkbox" />
          </Drawer>
        </>
      )
    }
    render(<Told />)
    dialog = await openIt(user, 'Filters')
    expect(within(dialog).getByRole('checkbox', { name: 'New arrivals' })).toHaveFocus()
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await gone()
    expect(screen.getByRole('button', { name: 'Menu button' })).toHaveFocus()
  })

  it('locks the page scroll while open, and only then', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    // The lock is a class styled by the drawer's stylesheet (jsdom applies no CSS; the browser tests
    // prove the page does not move).
    expect(document.body).not.toHaveClass('page-scroll-lock')
    await openIt(user)
    expect(document.body).toHaveClass('page-scroll-lock')
    await user.keyboard('{Escape}')
    await gone()
    expect(document.body).not.toHaveClass('page-scroll-lock')
  })

  it('keeps a hidden title as the name while drawing headerStart, and shows the footer', async () => {
    const user = userEvent.setup()
    render(
      <Harness
        hideTitle
        title="Menu"
        headerStart={<span>Luxe Kenya</span>}
        footer={<button type="button">Show 4 products</button>}
      />,
    )
    const dialog = await openIt(user, 'Menu')
    expect(within(dialog).getByText('Luxe Kenya')).toBeInTheDocument()
    expect(within(dialog).getByRole('heading', { name: 'Menu' })).toHaveClass('visually-hidden')
    expect(within(dialog).getByRole('button', { name: 'Show 4 products' })).toBeInTheDocument()
  })

  it('leaves the owner in charge: an Escape it ignores keeps the drawer open', async () => {
    const user = userEvent.setup()
    let asked = 0
    render(
      <Drawer open onClose={() => (asked += 1)} title="Order LK-1001">
        <p>Busy</p>
      </Drawer>,
    )
    const dialog = await screen.findByRole('dialog', { name: 'Order LK-1001' })
    await user.keyboard('{Escape}')
    expect(asked).toBe(1)
    expect(dialog).toHaveAttribute('open')
  })
})

/** An admin panel: Chakra's components in the page's Chakra scope, and a Chakra dialog opened from it. */
function AdminPanel() {
  const [asking, setAsking] = useState(false)
  const layer = useOverlayLayer(asking)
  return (
    <>
      <Button onClick={() => setAsking(true)}>Cancel order</Button>
      <DialogRoot
        open={asking}
        role="alertdialog"
        onOpenChange={(details) => setAsking(details.open)}
        lazyMount
        unmountOnExit
      >
        <Portal key={layer.key} container={layer.container}>
          <DialogPositioner>
            <DialogContent>
              <DialogTitle>Cancel order LK-1001?</DialogTitle>
              <Button onClick={() => setAsking(false)}>Go back</Button>
            </DialogContent>
          </DialogPositioner>
        </Portal>
      </DialogRoot>
    </>
  )
}

describe('a drawer whose contents use Chakra (the admin panels)', () => {
  it('draws them in the owner’s Chakra scope, and a dialog opened from them inside the drawer', async () => {
    const user = userEvent.setup()
    render(
      <ChakraScope>
        <Drawer open onClose={() => {}} title="Order LK-1001" size="md">
          <AdminPanel />
        </Drawer>
      </ChakraScope>,
    )
    const drawer = await screen.findByRole('dialog', { name: 'Order LK-1001' })
    const cancel = within(drawer).getByRole('button', { name: 'Cancel order' })
    expect(cancel.className).toMatch(/chakra-button/)
    await user.click(cancel)
    // Inside the drawer: outside it, the browser would leave it under the drawer and inert.
    const ask = await within(drawer).findByRole('alertdialog', { name: 'Cancel order LK-1001?' })
    await user.click(within(ask).getByRole('button', { name: 'Go back' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(drawer).toHaveAttribute('open')
    act(() => {})
  })
})
