import { afterEach, describe, expect, it, vi } from 'vitest'
import { onPageLoad } from '@/lib/on-page-load'

describe('onPageLoad', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })
  const loading = () => vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading')

  it('calls at once on a page that has loaded', () => {
    const callback = vi.fn()
    onPageLoad(callback)
    expect(callback).toHaveBeenCalledTimes(1)
  })

  it('waits for the load event on a page still loading, and calls once', () => {
    loading()
    const callback = vi.fn()
    onPageLoad(callback)
    expect(callback).not.toHaveBeenCalled()
    window.dispatchEvent(new Event('load'))
    window.dispatchEvent(new Event('load'))
    expect(callback).toHaveBeenCalledTimes(1)
  })

  it('makes no call once cancelled', () => {
    loading()
    const callback = vi.fn()
    const cancel = onPageLoad(callback)
    cancel()
    window.dispatchEvent(new Event('load'))
    expect(callback).not.toHaveBeenCalled()
  })
})
