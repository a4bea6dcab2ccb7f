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
    const [major = '', minor = ''] = [...svg.querySelectorAll('path')].map(
      (path) => path.getAttribute('d') ?? '',
    )
    const ticksIn = (d: string) => d.match(/M/g)?.length ?? 0
    expect(ticksIn(major)).toBe(4)
    expect(ticksIn(major) + ticksIn(minor)).toBe(tickCount('Little Luxe'))
    // The twelve o'clock tick is a major one, from the inner ring up to the outer.
    expect(major.startsWith('M32 5.5L32 3')).toBe(true)
  })
})
