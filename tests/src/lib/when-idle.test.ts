import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { __vitePreload } from '@/lib/preload-in-slices'
import { whenIdleInTurn } from '@/lib/when-idle'

describe('whenIdleInTurn', () => {
  let idle: Array<() => void> = []
  beforeEach(() => {
    idle = []
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback))
    vi.stubGlobal('cancelIdleCallback', () => {})
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })
  /** The browser becomes idle once: the callbacks waiting run. */
  const idlePeriod = async () => {
    const waiting = idle
    idle = []
    waiting.forEach((callback) => callback())
    await new Promise((resolve) => setTimeout(resolve, 0))
  }

  it('gives each task an idle period of its own, once the one before has settled', async () => {
    const ran: string[] = []
    let finishFirst = () => {}
    whenIdleInTurn(() => {
      ran.push('drawer')
      return new Promise<void>((resolve) => (finishFirst = resolve))
    }, 5000)
    whenIdleInTurn(() => ran.push('chat'), 5000)
    whenIdleInTurn(() => ran.push('toasts'), 5000)

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
    await idlePeriod()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(imported).toBe(true)
    expect(document.head.querySelectorAll('link')).toHaveLength(0)
  })

  it('drops a task cancelled before its turn, and goes on after one that fails', async () => {
    const ran: string[] = []
    whenIdleInTurn(() => Promise.reject(new Error('offline')), 5000)
    const cancel = whenIdleInTurn(() => ran.push('cancelled'), 5000)
    whenIdleInTurn(() => ran.push('kept'), 5000)
    cancel()
    await idlePeriod()
    await idlePeriod()
    await idlePeriod()
    expect(ran).toEqual(['kept'])
  })
})
