import { ChakraProvider } from '@chakra-ui/react/styled-system'
import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { system } from '@/app/theme'
import { notify, Toaster, toaster } from '@/components/toaster'

describe('notify', () => {
  afterEach(() => {
    act(() => toaster.remove())
  })

  it('shows the title and description of a toast', async () => {
    render(
      <ChakraProvider value={system}>
        <Toaster />
      </ChakraProvider>,
    )
    act(() => {
      notify({ title: 'Demo Items Added!', description: 'Two things', type: 'success' })
    })
    expect(await screen.findByText('Demo Items Added!')).toBeInTheDocument()
    expect(screen.getByText('Two things')).toBeInTheDocument()
  })

  it('creates error toasts for destructive messages', () => {
    const id = notify({ title: 'Login failed', type: 'error' })
    expect(toaster.getVisibleToasts().find((t) => t.id === id)?.type).toBe('error')
  })
})
