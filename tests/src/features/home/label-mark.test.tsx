import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { LabelMark, monogramOf, tickCount } from '@/features/home/components/label-mark'

describe('house label seals', () => {
  it('draw the label’s monogram from its name', () => {
    expect(monogramOf('Atelier Homme')).toBe('AH')
    expect(monogramOf('Little Luxe')).toBe('LL')
    expect(monogramOf('Kitenge')).toBe('K')
    expect(monogramOf('luxe beauty and care')).toBe('LB')
  })

  it('give each name the same tick count on every render, and are decorative', () => {
    expect(tickCount('Little Luxe')).toBe(tickCount('Little Luxe'))
    expect([12, 16, 20, 24]).toContain(tickCount('Atelier Femme'))
    const { container } = render(<LabelMark name="Little Luxe" hue="#17654a" />)
    const svg = container.querySelector('svg')!
    expect(svg.getAttribute('aria-hidden')).toBe('true')
    expect(svg.textContent).toBe('LL')
    expect(svg.querySelectorAll('line')).toHaveLength(tickCount('Little Luxe'))
  })
})
