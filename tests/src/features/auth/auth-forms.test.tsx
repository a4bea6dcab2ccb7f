import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { SignInForm } from '@/features/auth/components/sign-in-form'
import { SignUpForm } from '@/features/auth/components/sign-up-form'
import { renderApp } from '../../app/support/render-app'

/** Field checks that run before anything is sent (the network paths are covered end to end). */

// Rendering Chakra and typing with user-event is slow on a busy two-core machine.
vi.setConfig({ testTimeout: 30_000 })

describe('sign-in form', () => {
  it('names missing credentials with the auth client’s words and ties errors to fields', async () => {
    const onOffline = vi.fn()
    await renderApp({
      page: <SignInForm onSignedIn={vi.fn()} onForgotPassword={vi.fn()} onOffline={onOffline} />,
    })
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(screen.getByRole('alert')).toHaveTextContent(
      'You must provide either an email or phone number and a password',
    )
    const email = screen.getByLabelText('Email address')
    const password = screen.getByLabelText('Password', { selector: 'input' })
    expect(email).toHaveFocus()
    expect(email).toHaveAccessibleDescription('Enter your email address')
    expect(password).toHaveAccessibleDescription('Enter your password')

    await user.type(email, 'amina@')
    expect(email).toHaveAccessibleDescription('Enter a valid email address, like name@example.com')
    await user.type(email, 'example.com')
    await user.type(password, 'secret')
    expect(email).not.toHaveAttribute('aria-invalid')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(onOffline).not.toHaveBeenCalled()
  })

  it('does not try to sign in while the browser is offline', async () => {
    const onOffline = vi.fn()
    await renderApp({
      page: <SignInForm onSignedIn={vi.fn()} onForgotPassword={vi.fn()} onOffline={onOffline} />,
    })
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Email address'), 'amina@example.com')
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'secret')
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    try {
      await user.click(screen.getByRole('button', { name: 'Sign in' }))
      expect(onOffline).toHaveBeenCalledOnce()
    } finally {
      online.mockRestore()
    }
  })

  it('shows and hides the password', async () => {
    await renderApp({
      page: <SignInForm onSignedIn={vi.fn()} onForgotPassword={vi.fn()} onOffline={vi.fn()} />,
    })
    const user = userEvent.setup()
    const password = screen.getByLabelText('Password', { selector: 'input' })
    expect(password).toHaveAttribute('type', 'password')
    await user.click(screen.getByRole('button', { name: 'Show password' }))
    expect(password).toHaveAttribute('type', 'text')
    await user.click(screen.getByRole('button', { name: 'Hide password' }))
    expect(password).toHaveAttribute('type', 'password')
  })

  it('passes the typed email on to "Forgot password?"', async () => {
    const onForgot = vi.fn()
    await renderApp({
      page: <SignInForm onSignedIn={vi.fn()} onForgotPassword={onForgot} onOffline={vi.fn()} />,
    })
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Email address'), ' amina@example.com ')
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }))
    expect(onForgot).toHaveBeenCalledWith('amina@example.com')
  })
})

describe('sign-up form', () => {
  it('checks name, email and password before sending', async () => {
    await renderApp({ page: <SignUpForm onSignedUp={vi.fn()} onOffline={vi.fn()} /> })
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    const name = screen.getByLabelText('Full name')
    expect(name).toHaveFocus()
    expect(name).toHaveAccessibleDescription('Enter your full name')
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription(
      'Enter your email address',
    )
    const password = screen.getByLabelText('Password', { selector: 'input' })
    expect(password).toHaveAccessibleDescription('At least 6 characters. Choose a password')

    await user.type(password, 'abc')
    expect(password).toHaveAccessibleDescription('At least 6 characters. Use at least 6 characters')
    await user.type(password, 'def')
    expect(password).toHaveAccessibleDescription('At least 6 characters.')
  })
})
