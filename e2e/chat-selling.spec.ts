import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test'
import { createAccount, fillSignIn, uniqueEmail } from './support/accounts'
import { placeOrder } from './support/orders'
import { skipIntro } from './support/pwa'

/**
 * The assistant selling, on a 360 px phone and on a desktop: a gown asked for in black size M is added
 * with that size and colour and ordered through checkout; shoes asked for without a size get size chips
 * and are added once one is picked; "where is my order" is answered for its owner and refused to
 * another signed-in shopper.
 */
const expect = baseExpect.configure({ timeout: 20_000 })

test.beforeEach(({ context }) => skipIntro(context))

const screens = [
  { name: 'phone', viewport: { width: 360, height: 740 }, phone: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, phone: false },
] as const

async function openChat(page: Page) {
  await page.getByRole('button', { name: 'Open AI Shopping Assistant' }).click()
  const panel = page.getByRole('dialog', { name: 'AI Sales Agent' })
  await expect(panel).toBeVisible()
  return { panel, log: panel.getByRole('log') }
}

async function send(panel: Locator, text: string) {
  await panel.getByPlaceholder('Ask me anything...').fill(text)
  await panel.getByPlaceholder('Ask me anything...').press('Enter')
}

for (const screen of screens) {
  test.describe(`on a ${screen.name}`, () => {
    test.use({ viewport: screen.viewport })

    test('a gown in black size M is added with both, checked out and ordered', async ({ page }) => {
      await page.goto('/')
      const { panel, log } = await openChat(page)
      await send(panel, 'Add the silk evening gown in black, size M, to my cart')
      await expect(page.getByText('Silk Evening Gown has been added to your cart!')).toBeVisible()
      const cart = page.getByRole('dialog', { name: 'Shopping Cart (1)' })
      if (screen.phone) {
        // The chat keeps the screen: the confirmation is in the conversation.
        const note = log.getByRole('status')
        await expect(note).toContainText('1 × Silk Evening Gown (Size M · Black)')
        await expect(cart).toHaveCount(0)
        await expect(panel.getByText('Cart • 1 item', { exact: true })).toBeVisible()
        await note.getByRole('button', { name: 'View cart' }).click()
      }
      await expect(cart).toBeVisible()
      await expect(cart.getByText('Size: M')).toBeVisible()
      await expect(cart.getByText('Colour: Black')).toBeVisible()
      await cart.getByRole('button', { name: 'Checkout' }).click()
      await expect(page).toHaveURL(/\/checkout$/)
      // The shopper closes the chat to fill in the form it floats over.
      await panel.getByRole('button', { name: 'Close chat' }).click()
      await page.getByRole('textbox', { name: 'Full name' }).fill('Achieng Otieno')
      await page.getByRole('textbox', { name: 'Email', exact: true }).fill('achieng@example.com')
      await page.getByRole('textbox', { name: 'Mobile number' }).fill('0712 345 678')
      await page.getByRole('combobox', { name: 'County' }).selectOption('Nairobi')
      await page.getByRole('textbox', { name: 'Town or area' }).fill('Westlands')
      await page.getByRole('textbox', { name: 'Street, building or landmark' }).fill('Ring Road')
      await page.getByRole('radio', { name: /Cash on delivery/ }).check()
      await page.getByRole('button', { name: 'Place order' }).click()
      await expect(page).toHaveURL(/\/order\/LK-\d+\?token=/)
      await expect(page.getByText(/Silk Evening Gown/).first()).toBeVisible()
    })

    test('shoes asked for without a size: a size chip, then a colour chip, adds them', async ({
      page,
    }) => {
      await page.goto('/')
      const { panel, log } = await openChat(page)
      await send(panel, 'add the Nike Air Jordan 4 Retro to my cart')
      const sizes = log.getByRole('group', { name: 'Quick replies' })
      await expect(sizes.getByRole('button', { name: 'EU 42' })).toBeVisible()
      await sizes.getByRole('button', { name: 'EU 42' }).click()
      const colours = log.getByRole('group', { name: 'Quick replies' })
      await expect(colours.getByRole('button', { name: 'White' })).toBeVisible()
      await colours.getByRole('button', { name: 'White' }).click()
      await expect(
        page.getByText('Nike Air Jordan 4 Retro has been added to your cart!'),
      ).toBeVisible()
      if (screen.phone) {
        await expect(log.getByRole('status')).toContainText('(Size EU 42 · White)')
      } else {
        const cart = page.getByRole('dialog', { name: 'Shopping Cart (1)' })
        await expect(cart.getByText('Size: EU 42')).toBeVisible()
      }
    })

    test('where is my order: answered for its owner, refused to another shopper', async ({
      page,
      request,
      browser,
    }) => {
      // Two shoppers, each signing in in a browser of their own: twice the work of one.
      test.slow()
      const password = 'a-long-test-password'
      const ownerEmail = uniqueEmail('owner')
      const { accessToken } = await createAccount(request, ownerEmail, password, 'Wanjiru Owner')
      const order = await placeOrder(
        request,
        {
          items: [{ productId: 'bags-003', quantity: 1 }],
          contact: { name: 'Wanjiru Owner', email: ownerEmail, phone: '0712345678' },
          delivery: { method: 'delivery', county: 'Nairobi', town: 'Karen', street: 'Karen Rd' },
          paymentMethod: 'cod',
        },
        accessToken,
      )

      await page.goto('/auth')
      await fillSignIn(page, ownerEmail, password)
      await expect(page).not.toHaveURL(/\/auth/, { timeout: 30_000 })
      const owner = await openChat(page)
      await send(owner.panel, `Where is my order ${order.orderNumber}?`)
      await expect(owner.log.getByText(new RegExp(`Your order ${order.orderNumber}`))).toBeVisible()
      await expect(owner.log.getByText(/1 × Structured Top-Handle Bag/)).toBeVisible()

      const otherEmail = uniqueEmail('other')
      await createAccount(request, otherEmail, password, 'Otieno Other')
      const context = await browser.newContext({ viewport: screen.viewport })
      await skipIntro(context)
      const other = await context.newPage()
      await other.goto('/auth')
      await fillSignIn(other, otherEmail, password)
      await expect(other).not.toHaveURL(/\/auth/, { timeout: 30_000 })
      const chat = await openChat(other)
      await send(chat.panel, `Where is my order ${order.orderNumber}?`)
      await expect(chat.log.getByText(/can't find/)).toBeVisible()
      await expect(chat.log.getByText(/Structured Top-Handle Bag/)).toHaveCount(0)
      await context.close()
    })
  })
}
