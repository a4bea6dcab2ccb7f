import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type * as PreloadInSlices from '@/lib/preload-in-slices'
import type * as WhenIdle from '@/lib/when-idle'

describe('whenIdleInTurn', () => {
  let idle: Array<() => void> = []
  // The queue's state is the module's: each test takes a new copy, on a page that has just loaded.
  let whenIdleInTurn: typeof WhenIdle.whenIdleInTurn
  let START_UP_QUIET_MS: number
  let __vitePreload: typeof PreloadInSlices.__vitePreload
  beforeEach(async () => {
    idle = []
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback))
    vi.stubGlobal('cancelIdleCallback', () => {})
    vi.resetModules()
    ;({ whenIdleInTurn, START_UP_QUIET_MS } = await import('@/lib/when-idle'))
    ;({ __vitePreload } = await import('@/lib/preload-in-slices'))
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
    vi.useRealTimers()
  })
  /** The browser becomes idle once: the callbacks waiting run. */
  const idlePeriod = async () => {
    const waiting = idle
    idle = []
    waiting.forEach((callback) => callback())
    await vi.advanceTimersByTimeAsync(0)
  }
  /** The page's start is over: loaded (jsdom's document is), and the quiet second after it has passed. */
  const startUpOver = () => vi.advanceTimersByTimeAsync(START_UP_QUIET_MS)

  it('starts nothing until a second after the page has loaded, however idle the browser is', async () => {
    let loaded = false
    vi.spyOn(document, 'readyState', 'get').mockImplementation(() =>
      loaded ? 'complete' : 'loading',
    )
    const ran: string[] = []
    whenIdleInTurn(() => ran.push('search dialog'), 5000)

    await vi.advanceTimersByTimeAsync(5 * START_UP_QUIET_MS)
    await idlePeriod()
    expect(ran).toEqual([])

    loaded = true
    window.dispatchEvent(new Event('load'))
    await vi.advanceTimersByTimeAsync(START_UP_QUIET_MS - 1)
    await idlePeriod()
    expect(ran).toEqual([])

    await vi.advanceTimersByTimeAsync(1)
    await idlePeriod()
    expect(ran).toEqual(['search dialog'])
  })

  it('gives each task an idle period of its own, once the one before has settled', async () => {
    const ran: string[] = []
    let finishFirst = () => {}
    whenIdleInTurn(() => {
      ran.push('drawer')
      return new Promise<void>((resolve) => (finishFirst = resolve))
    }, 5000)
    whenIdleInTurn(() => ran.push('chat'), 5000)
    whenIdleInTurn(() => ran.push('toasts'), 5000)

    await startUpOver()
    await idlePeriod()
    expect(ran).toEqual(['drawer'])
    await idlePeriod()
    expect(ran).toEqual(['drawer'])
    finishFirst()
    await idlePeriod()
    await idlePeriod()
    expect(ran).toEqual(['drawer', 'chat'])
    await idlePeriod()
    expect(ran).toEqual(['drawer', 'chat', 'toasts'])
  })

  it('fetches each task’s imports ahead of need: their scripts are not linked', async () => {
    document.head.replaceChildren()
    let imported = false
    whenIdleInTurn(
      () =>
        __vitePreload(async () => {
          imported = true
        }, ['assets/chat-panel.js', 'assets/chat-session.js']),
      5000,
    )
    await startUpOver()
    await idlePeriod()
    await vi.advanceTimersByTimeAsync(0)
    expect(imported).toBe(true)
    expect(document.head.querySelectorAll('link')).toHaveLength(0)
  })

  it('drops a task cancelled before its turn, and goes on after one that fails', async () => {
    const ran: string[] = []
    whenIdleInTurn(() => Promise.reject(new Error('offline')), 5000)
    const cancel = whenIdleInTurn(() => ran.push('cancelled'), 5000)
    whenIdleInTurn(() => ran.push('kept'), 5000)
    cancel()
    await startUpOver()
    await idlePeriod()
    await idlePeriod()
    await idlePeriod()
    expect(ran).toEqual(['kept'])
  })
})
