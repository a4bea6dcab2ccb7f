// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { dayString, periodWindow } from '@/features/admin/date-range'

const now = new Date(2026, 10, 21, 15, 45) // 21 Nov 2026, 15:45 on the device's clock
const local = (y: number, m: number, d: number) => new Date(y, m - 1, d).toISOString()

describe('periodWindow', () => {
  it('opens on the last 30 days, today included', () => {
    expect(periodWindow({}, now)).toEqual({ from: local(2026, 10, 23), until: local(2026, 11, 22) })
  })

  it('covers today, 7 and 90 days, or all time', () => {
    expect(periodWindow({ period: 'today' }, now)).toEqual({
      from: local(2026, 11, 21),
      until: local(2026, 11, 22),
    })
    expect(periodWindow({ period: '7d' }, now).from).toBe(local(2026, 11, 15))
    expect(periodWindow({ period: '90d' }, now).from).toBe(local(2026, 8, 24))
    expect(periodWindow({ period: 'all' }, now)).toEqual({ from: null, until: null })
  })

  it('includes both custom days, in either order, and leaves a missing end open', () => {
    expect(periodWindow({ period: 'custom', from: '2026-11-01', to: '2026-11-03' }, now)).toEqual({
      from: local(2026, 11, 1),
      until: local(2026, 11, 4),
    })
    expect(periodWindow({ period: 'custom', from: '2026-11-03', to: '2026-11-01' }, now)).toEqual({
      from: local(2026, 11, 1),
      until: local(2026, 11, 4),
    })
    expect(periodWindow({ period: 'custom', from: '2026-11-01' }, now)).toEqual({
      from: local(2026, 11, 1),
      until: null,
    })
  })

  it('writes days in the device calendar', () => {
    expect(dayString(now)).toBe('2026-11-21')
  })
})
