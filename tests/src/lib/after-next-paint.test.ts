import { afterEach, describe, expect, it, vi } from 'vitest'
import { afterNextPaint } from '@/lib/after-next-paint'

describe('after the next paint', () => {
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  function frames() {
    const queued: FrameRequestCallback[] = []
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) =>
      queued.push(callback),
    )
    vi.spyOn(window, 'cancelAnimationFrame').mockImplementation((id) => {
      queued[id - 1] = () => {}
    })
    return () => queued.splice(0).forEach((callback) => callback(0))
  }

  it('calls back in the task after the next frame, not in the frame', () => {
    vi.useFakeTimers()
    const draw = frames()
    const called = vi.fn()
    afterNextPaint(called)
    vi.advanceTimersByTime(100)
    expect(called).not.toHaveBeenCalled()
    draw()
    expect(called).not.toHaveBeenCalled()
    vi.advanceTimersByTime(0)
    expect(called).toHaveBeenCalledOnce()
  })

  it('is cancelled before the frame, and between the frame and the task', () => {
    vi.useFakeTimers()
    const draw = frames()
    const before = vi.fn()
    const between = vi.fn()
    afterNextPaint(before)()
    const cancel = afterNextPaint(between)
    draw()
    cancel()
    vi.advanceTimersByTime(10)
    expect(before).not.toHaveBeenCalled()
    expect(between).not.toHaveBeenCalled()
  })
})
