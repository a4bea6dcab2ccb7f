// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { overlaps, shouldStepAside } from '@/features/chat/use-step-aside'

const button = { left: 300, top: 600, right: 356, bottom: 656 }

describe('the assistant button steps aside', () => {
  it('while a form field lies under it (or within 8 px)', () => {
    expect(shouldStepAside(button, [{ left: 16, top: 620, right: 344, bottom: 664 }], false)).toBe(
      true,
    )
    expect(shouldStepAside(button, [{ left: 16, top: 540, right: 344, bottom: 594 }], false)).toBe(
      true,
    )
  })

  it('not for fields elsewhere, nor for hidden ones (no size)', () => {
    expect(shouldStepAside(button, [{ left: 16, top: 100, right: 344, bottom: 144 }], false)).toBe(
      false,
    )
    expect(shouldStepAside(button, [{ left: 0, top: 0, right: 0, bottom: 0 }], false)).toBe(false)
    expect(shouldStepAside(button, [], false)).toBe(false)
  })

  it('while the shopper types on a phone', () => {
    expect(shouldStepAside(button, [], true)).toBe(true)
  })

  it('measures overlap with a margin', () => {
    const a = { left: 0, top: 0, right: 10, bottom: 10 }
    expect(overlaps(a, { left: 12, top: 0, right: 20, bottom: 10 })).toBe(false)
    expect(overlaps(a, { left: 12, top: 0, right: 20, bottom: 10 }, 3)).toBe(true)
  })
})
