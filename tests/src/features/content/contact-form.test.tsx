import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ContactForm, type SendContactMessage } from '@/features/content/components/contact-form'
import { validateContact } from '@/features/content/contact-validation'

function renderForm(send: SendContactMessage) {
  render(<ContactForm send={send} />)
  // No pause between keystrokes: typing whole sentences stays fast on a busy machine.
  return userEvent.setup({ delay: null })
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Your name'), '  Wanjiku Kamau ')
  await user.type(screen.getByLabelText('Email address'), 'wanjiku@example.co.ke')
  await user.selectOptions(screen.getByLabelText('Subject'), 'Delivery')
  await user.type(screen.getByLabelText('Message'), 'Can you deliver to Nyeri by Friday?')
}

function setOnline(value: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => value })
  window.dispatchEvent(new Event(value ? 'online' : 'offline'))
}

afterEach(() => {
  setOnline(true)
})

describe('ContactForm', { timeout: 20_000 }, () => {
  it('explains every missing field, focuses the first and sends nothing', async () => {
    const sent: unknown[] = []
    const user = renderForm(async (row) => {
      sent.push(row)
    })
    await user.click(screen.getByRole('button', { name: 'Send message' }))

    expect(screen.getByText('Please enter your name.')).toBeInTheDocument()
    expect(screen.getByText('Please enter your email address.')).toBeInTheDocument()
    expect(screen.getByText('Please choose what your message is about.')).toBeInTheDocument()
    expect(screen.getByText('Please write your message.')).toBeInTheDocument()
    const name = screen.getByLabelText('Your name')
    expect(name).toHaveFocus()
    expect(name).toHaveAttribute('aria-invalid', 'true')
    expect(name).toHaveAccessibleDescription('Please enter your name.')
    expect(sent).toHaveLength(0)
  })

  it('checks the email and phone format and clears a message once the field is fixed', async () => {
    const user = renderForm(async () => {})
    await fillValid(user)
    const email = screen.getByLabelText('Email address')
    await user.clear(email)
    await user.type(email, 'wanjiku@example')
    await user.type(screen.getByLabelText('Phone number (optional)'), '07-12')
    await user.click(screen.getByRole('button', { name: 'Send message' }))

    const emailError = 'Please enter a valid email address, like name@example.com.'
    expect(screen.getByText(emailError)).toBeInTheDocument()
    expect(
      screen.getByText('Please enter a valid phone number, like 0712 345 678, or leave it empty.'),
    ).toBeInTheDocument()
    expect(email).toHaveFocus()

    await user.type(email, '.co.ke')
    expect(screen.queryByText(emailError)).not.toBeInTheDocument()
  })

  it('sends the trimmed message once with a device key, then thanks the sender and clears the form', async () => {
    const calls: { row: Parameters<SendContactMessage>[0]; clientId: string }[] = []
    const user = renderForm(async (row, clientId) => {
      calls.push({ row, clientId })
    })
    await fillValid(user)
    await user.type(screen.getByLabelText('Phone number (optional)'), '0712 345 678')
    await user.click(screen.getByRole('button', { name: 'Send message' }))

    expect(
      await screen.findByText(
        'Thank you, Wanjiku. Your message has been sent; we will reply to wanjiku@example.co.ke within one working day.',
      ),
    ).toBeInTheDocument()
    expect(calls).toHaveLength(1)
    expect(calls[0]!.row).toEqual({
      name: 'Wanjiku Kamau',
      email: 'wanjiku@example.co.ke',
      phone: '0712 345 678',
      subject: 'Delivery',
      message: 'Can you deliver to Nyeri by Friday?',
    })
    expect(calls[0]!.clientId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    )
    expect(screen.getByLabelText('Your name')).toHaveValue('')

    await fillValid(user)
    await user.click(screen.getByRole('button', { name: 'Send message' }))
    await waitFor(() => expect(calls).toHaveLength(2))
    expect(calls[1]!.clientId).not.toBe(calls[0]!.clientId)
  })

  it('says it is sending and takes no second press until the message is sent', async () => {
    let finish = () => {}
    const send = vi.fn<SendContactMessage>(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve
        }),
    )
    const user = renderForm(send)
    await fillValid(user)
    await user.click(screen.getByRole('button', { name: 'Send message' }))

    const sending = screen.getByRole('button', { name: 'Sending...' })
    expect(sending).toBeDisabled()
    await user.click(sending)
    expect(send).toHaveBeenCalledTimes(1)

    finish()
    expect(await screen.findByRole('button', { name: 'Send message' })).toBeEnabled()
    expect(send).toHaveBeenCalledTimes(1)
  })

  it('keeps what was typed and says so when sending fails', async () => {
    const send = vi.fn<SendContactMessage>().mockRejectedValue(new Error('boom'))
    const user = renderForm(send)
    await fillValid(user)
    await user.click(screen.getByRole('button', { name: 'Send message' }))

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sorry, your message could not be sent. Please try again in a moment, or call us on +254 700 123 456.',
    )
    expect(screen.getByLabelText('Your name')).toHaveValue('  Wanjiku Kamau ')
  })

  it('does not try to send while offline and says it can be sent once back online', async () => {
    const send = vi.fn<SendContactMessage>()
    const user = renderForm(send)
    setOnline(false)
    expect(
      await screen.findByText(
        /You are offline\. You can send your message once you are back online/,
      ),
    ).toBeInTheDocument()
    await fillValid(user)
    await user.click(screen.getByRole('button', { name: 'Send message' }))

    expect(
      screen.getByText(
        'Your message was not sent because you are offline. Please send it again once you are back online.',
      ),
    ).toBeInTheDocument()
    expect(send).not.toHaveBeenCalled()
  })
})

describe('validateContact', () => {
  const valid = {
    name: 'Otieno',
    email: 'otieno@example.com',
    phone: '',
    subject: 'Order enquiry',
    message: 'Where is my order 1042?',
  }

  it('accepts a complete message, with or without a phone number', () => {
    expect(validateContact(valid)).toEqual({})
    expect(validateContact({ ...valid, phone: '+254 712 345 678' })).toEqual({})
  })

  it('applies the same limits as the contact_messages table', () => {
    expect(validateContact({ ...valid, name: 'x'.repeat(101) }).name).toBeDefined()
    expect(validateContact({ ...valid, message: 'Hi' }).message).toBeDefined()
    expect(validateContact({ ...valid, message: 'x'.repeat(5001) }).message).toBeDefined()
    expect(validateContact({ ...valid, phone: '0712 345 678 999 999 99' }).phone).toBeDefined()
    expect(validateContact({ ...valid, email: 'a b@c.d' }).email).toBeDefined()
    expect(validateContact({ ...valid, subject: 'Free money' }).subject).toBeDefined()
  })
})
