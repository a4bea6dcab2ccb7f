import { ChakraProvider } from '@chakra-ui/react/styled-system'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { system } from '@/components/ui/chakra-theme'
import { PromoBanner } from '@/components/promo-banner'

const renderBanner = () =>
  render(
    <ChakraProvider value={system}>
      <PromoBanner />
    </ChakraProvider>,
  )

describe('PromoBanner', () => {
  it('states the one free-delivery threshold and the email offer', () => {
    renderBanner()
    const banner = screen.getByRole('complementary', { name: 'Promotion' })
    expect(banner).toHaveTextContent('Free delivery across Kenya on orders over KSh 5,000')
    expect(banner).toHaveTextContent('40% OFF your first order')
    expect(banner).not.toHaveTextContent('7,500')
  })

  it('is dismissed by its button, and comes back on the next visit (not remembered)', async () => {
    const user = userEvent.setup()
    const { unmount } = renderBanner()
    await user.click(screen.getByRole('button', { name: 'Dismiss promotion' }))
    expect(screen.queryByRole('complementary', { name: 'Promotion' })).not.toBeInTheDocument()
    unmount()
    renderBanner()
    expect(screen.getByRole('complementary', { name: 'Promotion' })).toBeInTheDocument()
  })
})
