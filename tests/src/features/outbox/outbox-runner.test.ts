import { act } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeStore, type AppStore } from '@/app/store'
import { sessionChanged } from '@/features/auth/auth-slice'
import { setOutboxAuth, type OutboxAuth } from '@/features/outbox/outbox-auth'
import { startOutbox, type OutboxRunner } from '@/features/outbox/outbox-runner'
import {
  itemQueued,
  newOutboxItem,
  registerOutboxSender,
  type OutboxItem,
  type OutboxResult,
} from '@/features/outbox/outbox'

class FakeSession implements OutboxAuth {
  user: string | null = null
  async sessionUserId() {
    return this.user
  }
  async refresh() {
    return 'failed' as const
  }
}

let online = true
let session: FakeSession
let store: AppStore
let runner: OutboxRunner
let sent: OutboxItem[]
let answers: OutboxResult[]
const cleanups: Array<() => void> = []

const item = (userId: string | null = null) => newOutboxItem('order', { lines: 1 }, userId)

beforeEach(() => {
  online = true
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online)
  session = new FakeSession()
  cleanups.push(setOutboxAuth(session))
  sent = []
  answers = []
  cleanups.push(
    registerOutboxSender('order', async (queued) => {
      sent.push(queued)
      return answers.shift() ?? { type: 'delivered' }
    }),
  )
  store = makeStore()
})

afterEach(() => {
  runner?.stop()
  while (cleanups.length) cleanups.pop()!()
  vi.restoreAllMocks()
})

describe('flush triggers', () => {
  it('waits while offline and sends when the online event comes', async () => {
    online = false
    runner = startOutbox(store)
    act(() => void store.dispatch(itemQueued(item())))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(sent).toHaveLength(0)

    online = true
    window.dispatchEvent(new Event('online'))
    await vi.waitFor(() => expect(store.getState().outbox.items).toEqual([]))
    expect(sent).toHaveLength(1)
  })

  it('sends saved items at start, and on focus and visibility', async () => {
    store.dispatch(itemQueued(item()))
    runner = startOutbox(store)
    await vi.waitFor(() => expect(sent).toHaveLength(1))

    online = false
    store.dispatch(itemQueued(item()))
    online = true
    window.dispatchEvent(new Event('focus'))
    await vi.waitFor(() => expect(sent).toHaveLength(2))

    online = false
    store.dispatch(itemQueued(item()))
    online = true
    document.dispatchEvent(new Event('visibilitychange'))
    await vi.waitFor(() => expect(sent).toHaveLength(3))
  })

  it('sends a held order once its owner signs in', async () => {
    runner = startOutbox(store)
    store.dispatch(itemQueued(item('user-a')))
    await vi.waitFor(() => expect(store.getState().outbox.items[0]?.status).toBe('needs-auth'))
    expect(sent).toHaveLength(0)

    session.user = 'user-a'
    store.dispatch(sessionChanged({ id: 'user-a', email: 'a@example.com', fullName: 'A' }))
    await vi.waitFor(() => expect(sent).toHaveLength(1))
  })

  it('asks for Background Sync while items remain, and the worker can flush through the runner', async () => {
    const requestBackgroundSync = vi.fn()
    answers.push({ type: 'retry', reason: '503' })
    runner = startOutbox(store, { requestBackgroundSync })
    store.dispatch(itemQueued(item()))
    await vi.waitFor(() => expect(requestBackgroundSync).toHaveBeenCalled())

    const summary = await runner.flush('sync')
    expect(summary).toMatchObject({ delivered: 1, remaining: 0 })
  })
})
