// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { hasSpecsCategory, readSpecs, specRows } from '@/lib/product-specs'

describe('product specifications', () => {
  it('keeps known keys with short texts, trimmed, and drops the rest', () => {
    expect(
      readSpecs({
        reference: ' 126610LN ',
        case: '',
        movement: 42,
        colour: 'red',
        warranty: 'x'.repeat(201),
        authenticity: 'Checked',
      }),
    ).toEqual({ reference: '126610LN', authenticity: 'Checked' })
    expect(readSpecs(null)).toEqual({})
    expect(readSpecs(['reference'])).toEqual({})
  })

  it('lists rows in the table’s order with their labels', () => {
    expect(specRows({ authenticity: 'Checked', box_papers: 'Full set', reference: 'R1' })).toEqual([
      { key: 'reference', label: 'Reference', value: 'R1' },
      { key: 'box_papers', label: 'Box and papers', value: 'Full set' },
      { key: 'authenticity', label: 'Authenticity', value: 'Checked' },
    ])
    expect(specRows(undefined)).toEqual([])
  })

  it('belongs to watches and jewellery only', () => {
    expect(hasSpecsCategory('luxury-watches')).toBe(true)
    expect(hasSpecsCategory('jewelry')).toBe(true)
    expect(hasSpecsCategory('women')).toBe(false)
  })
})
