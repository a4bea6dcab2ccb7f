import { describe, expect, it } from 'vitest'
import { lookUpFontsEarly } from '@/lib/early-fonts'

/** A window whose timers wait to be run by hand and whose canvas records what it is asked to draw in. */
function fakeView(withCanvas = true) {
  const timers: Array<() => void> = []
  const measured: string[] = []
  const context = {
    font: '',
    measureText(text: string) {
      measured.push(`${this.font} | ${text}`)
      return { width: text.length }
    },
  }
  const view = {
    setTimeout: (callback: () => void) => timers.push(callback),
    document: {
      createElement: (tag: string) => {
        expect(tag).toBe('canvas')
        return { getContext: (kind: string) => (withCanvas && kind === '2d' ? context : null) }
      },
    },
  } as unknown as Window
  return { view, timers, measured }
}

describe('lookUpFontsEarly', () => {
  it('measures text in every face, one face per task, all queued at once after the caller', () => {
    const { view, timers, measured } = fakeView()
    lookUpFontsEarly(['400 16px serif', '600 16px sans-serif'], view)
    expect(measured).toEqual([])
    expect(timers).toHaveLength(2)
    timers[0]!()
    expect(measured.map((line) => line.split(' | ')[0])).toEqual(['400 16px serif'])
    timers[1]!()
    expect(measured.map((line) => line.split(' | ')[0])).toEqual([
      '400 16px serif',
      '600 16px sans-serif',
    ])
    expect(timers).toHaveLength(2)
  })

  it('does nothing where the browser gives no canvas', () => {
    const { view, timers, measured } = fakeView(false)
    lookUpFontsEarly(['400 16px serif'], view)
    expect(() => timers[0]!()).not.toThrow()
    expect(measured).toEqual([])
  })
})
