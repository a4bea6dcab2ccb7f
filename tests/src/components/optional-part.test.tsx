import { act, render, renderHook, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { OptionalPart, useWantedOnce } from '@/components/optional-part'
import { START_UP_QUIET_MS } from '@/lib/when-idle'

function Chat({ label = 'Open chat' }: { label?: string }) {
  return <button type="button">{label}</button>
}
const noProps = {}

function Broken(): never {
  throw new Error('cannot draw')
}

describe('OptionalPart', () => {
  it('shows the part once its code has loaded', async () => {
    const load = () => Promise.resolve(Chat)
    render(
      <main>
        <h1>Contact us</h1>
        <OptionalPart load={load} props={noProps} />
      </main>,
    )
    expect(await screen.findByRole('button', { name: 'Open chat' })).toBeInTheDocument()
  })

  it('is drawn in slices, letting the browser in between: a large part is no long task', async () => {
    // A part of many pieces, each a millisecond of work to draw.
    let drawn = 0
    function Piece() {
      const until = performance.now() + 1
      while (performance.now() < until);
      drawn++
      return <li>piece</li>
    }
    function Large() {
      return (
        <ul>
          {Array.from({ length: 60 }, (_, index) => (
            <Piece key={index} />
          ))}
        </ul>
      )
    }
    let arrive = () => {}
    const load = () => new Promise<typeof Large>((resolve) => (arrive = () => resolve(Large)))
    render(<OptionalPart load={load} props={noProps} />)
    await act(async () => {})
    // React's own scheduler, as in a browser (inside act() it would draw everything at the end of it).
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false
    // How much of the part was drawn each time another task got in, from the moment the code arrived.
    const seen: number[] = []
    try {
      arrive()
      for (let waited = 0; waited < 5000 && !screen.queryAllByText('piece').length; waited++) {
        await new Promise((resolve) => setTimeout(resolve, 0))
        seen.push(drawn)
      }
    } finally {
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = true
    }
    // Other tasks ran while the part was half drawn.
    expect(seen.some((count) => count > 0 && count < 60)).toBe(true)
    expect(screen.getAllByText('piece')).toHaveLength(60)
  })

  it('starts fetching a part given `after` only once that has settled', async () => {
    let release = () => {}
    const after = () => new Promise<void>((resolve) => (release = resolve))
    const load = vi.fn(() => Promise.resolve(Chat))
    render(<OptionalPart load={load} props={noProps} after={after} />)
    await act(async () => {})
    expect(load).not.toHaveBeenCalled()
    await act(async () => release())
    expect(await screen.findByRole('button', { name: 'Open chat' })).toBeInTheDocument()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('leaves the page as it is when the code cannot be fetched, and tries again once back online', async () => {
    let attempts = 0
    const load = vi.fn(() => {
      attempts++
      return attempts === 1
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : Promise.resolve(Chat)
    })
    render(
      <main>
        <h1>Contact us</h1>
        <OptionalPart load={load} props={noProps} />
      </main>,
    )
    await act(async () => {})
    expect(load).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('heading', { name: 'Contact us' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Open chat' })).not.toBeInTheDocument()

    await act(async () => {
      window.dispatchEvent(new Event('online'))
    })
    expect(await screen.findByRole('button', { name: 'Open chat' })).toBeInTheDocument()
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('tries again at once when the connection came back while the failing fetch was on its way', async () => {
    let fail = () => {}
    const load = vi
      .fn<() => Promise<typeof Chat>>()
      .mockImplementationOnce(
        () =>
          new Promise((_, reject) => {
            fail = () => reject(new TypeError('Failed to fetch dynamically imported module'))
          }),
      )
      .mockImplementation(() => Promise.resolve(Chat))
    render(<OptionalPart load={load} props={noProps} />)
    await act(async () => {})
    expect(load).toHaveBeenCalledTimes(1)
    // Back online, then the fetch made while offline fails: no `online` event will follow.
    await act(async () => {
      window.dispatchEvent(new Event('online'))
      fail()
    })
    expect(await screen.findByRole('button', { name: 'Open chat' })).toBeInTheDocument()
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('shows nothing in place of a part that fails to draw, and keeps the rest', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      render(
        <main>
          <h1>Contact us</h1>
          <OptionalPart load={() => Promise.resolve(Broken)} props={noProps} />
        </main>,
      )
      await act(async () => {})
      expect(screen.getByRole('heading', { name: 'Contact us' })).toBeInTheDocument()
    } finally {
      quiet.mockRestore()
    }
  })

  it('hands the part its props', async () => {
    const load = () => Promise.resolve(Chat)
    render(<OptionalPart load={load} props={{ label: 'Ask the assistant' }} />)
    expect(await screen.findByRole('button', { name: 'Ask the assistant' })).toBeInTheDocument()
  })
})

describe('useWantedOnce', () => {
  it('fetches the code when idle, once the page’s start is over, until the part is opened, then stays wanted', async () => {
    vi.useFakeTimers()
    try {
      const prefetch = vi.fn(() => Promise.resolve())
      const { result, rerender } = renderHook(({ open }) => useWantedOnce(open, prefetch, 1000), {
        initialProps: { open: false },
      })
      expect(result.current).toBe(false)
      expect(prefetch).not.toHaveBeenCalled()
      // jsdom's page has loaded: a quiet second, then an idle moment (here at most half the timeout).
      await act(() => vi.advanceTimersByTimeAsync(START_UP_QUIET_MS))
      expect(prefetch).not.toHaveBeenCalled()
      await act(() => vi.advanceTimersByTimeAsync(500))
      expect(prefetch).toHaveBeenCalledTimes(1)

      rerender({ open: true })
      expect(result.current).toBe(true)
      rerender({ open: false })
      expect(result.current).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })

  it('does not fetch ahead for a part opened from the start', () => {
    vi.useFakeTimers()
    try {
      const prefetch = vi.fn(() => Promise.resolve())
      const { result } = renderHook(() => useWantedOnce(true, prefetch, 1000))
      act(() => vi.advanceTimersByTime(5000))
      expect(result.current).toBe(true)
      expect(prefetch).not.toHaveBeenCalled()
    } finally {
      vi.useRealTimers()
    }
  })
})
