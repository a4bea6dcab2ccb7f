import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { FaqList } from '@/features/content/components/faq-list'
import { faqGroups } from '@/features/content/content/faqs'

const items = [
  { question: 'How do I pay?', answer: 'By M-Pesa or cash on delivery.' },
  { question: 'Do you deliver to Kisumu?', answer: 'Yes, to all 47 counties.' },
]

describe('FaqList', { timeout: 20_000 }, () => {
  it('opens and closes answers from the keyboard, one question at a time', async () => {
    const user = userEvent.setup({ delay: null })
    render(<FaqList items={items} />)
    const pay = screen.getByRole('button', { name: 'How do I pay?' })
    const deliver = screen.getByRole('button', { name: 'Do you deliver to Kisumu?' })
    expect(pay).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByText('By M-Pesa or cash on delivery.')).not.toBeVisible()

    await user.tab()
    expect(pay).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(pay).toHaveAttribute('aria-expanded', 'true')
    const answer = screen.getByRole('region', { name: 'How do I pay?' })
    expect(answer).toBeVisible()
    expect(answer).toHaveTextContent('By M-Pesa or cash on delivery.')
    expect(pay).toHaveAttribute('aria-controls', answer.id)
    expect(deliver).toHaveAttribute('aria-expanded', 'false')

    await user.keyboard(' ')
    expect(pay).toHaveAttribute('aria-expanded', 'false')
    expect(screen.getByText('By M-Pesa or cash on delivery.')).not.toBeVisible()

    await user.tab()
    expect(deliver).toHaveFocus()
    await user.keyboard(' ')
    expect(screen.getByRole('region', { name: 'Do you deliver to Kisumu?' })).toBeVisible()
  })

  it('quotes the store’s delivery fees and payment options', () => {
    const text = faqGroups.flatMap((group) => group.items.map((item) => item.answer)).join(' ')
    for (const amount of ['5,000', '250', '450', '150']) {
      expect(text).toContain(`KSh\u00a0${amount}`)
    }
    expect(text).toContain('M-Pesa')
  })
})
