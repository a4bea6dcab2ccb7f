import { act, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AppProvider } from '@/app/provider'
import { makeStore } from '@/app/store'
import { timings } from '@/config/site'
import {
  catalogueDetailsReceived,
  catalogueReceived,
  type Catalogue,
} from '@/features/catalogue/catalogue-slice'
import { clearSearch, searchSlice, setSearchQuery } from '@/features/search/search-slice'
import { useSearchRunner } from '@/features/search/use-search-runner'
import { createSearchService, type SearchService } from '@/features/search/worker/search-service'
import { catalogue } from '../catalogue/catalogue-fixture'

function Runner({ service }: { service: SearchService }) {
  useSearchRunner(service)
  return null
}

function setup(service: SearchService = createSearchService(), shown: Catalogue = catalogue) {
  const store = makeStore()
  store.dispatch(catalogueReceived({ catalogue: shown, fromDevice: false }))
  render(
    <AppProvider store={store}>
      <Runner service={service} />
    </AppProvider>,
  )
  const type = (query: string) => act(() => void store.dispatch(setSearchQuery(query)))
  return { store, type }
}

/** Lets pending promise callbacks (the search itself) run under fake timers. */
const settle = () => act(() => vi.advanceTimersByTimeAsync(0))

describe('the search state', () => {
  const reduce = searchSlice.reducer
  const start = reduce(undefined, { type: 'init' })

  it('starts closed with an empty query', () => {
    expect(start).toEqual({ query: '', results: [], resultsFor: '', loading: false, isOpen: false })
  })

  it('an empty query clears the results and is not loading', () => {
    const withResults = {
      ...start,
      query: 'gown',
      resultsFor: 'gown',
      results: [{ type: 'page' as const, id: 'faq', name: 'FAQ', path: '/faq' }],
    }
    expect(reduce(withResults, setSearchQuery(''))).toMatchObject({
      query: '',
      results: [],
      loading: false,
    })
    expect(reduce(withResults, setSearchQuery('  '))).toMatchObject({ results: [], loading: false })
  })

  it('the clear action resets query and results and closes the box', () => {
    const busy = { ...start, query: 'gown', loading: true, isOpen: true }
    expect(reduce(busy, clearSearch())).toEqual(start)
  })
})

describe('running a search', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it(`is loading for ${timings.searchDelayMs} ms, then shows the results`, async () => {
    const { store, type } = setup()
    type('gown')
    expect(store.getState().search).toMatchObject({ loading: true, results: [] })
    await act(() => vi.advanceTimersByTimeAsync(timings.searchDelayMs - 1))
    expect(store.getState().search).toMatchObject({ loading: true, results: [] })
    await act(() => vi.advanceTimersByTimeAsync(1))
    await settle()
    const { search } = store.getState()
    expect(search.loading).toBe(false)
    expect(search.resultsFor).toBe('gown')
    expect(search.results.map((result) => result.name)).toContain('Silk Evening Gown')
  })

  it('only searches for the last of quick keystrokes', async () => {
    const service = createSearchService()
    const search = vi.spyOn(service, 'search')
    const { store, type } = setup(service)
    for (const query of ['s', 'si', 'sil', 'silk']) {
      type(query)
      await act(() => vi.advanceTimersByTimeAsync(50))
    }
    await act(() => vi.advanceTimersByTimeAsync(timings.searchDelayMs))
    await settle()
    expect(search.mock.calls).toEqual([['silk']])
    expect(store.getState().search.resultsFor).toBe('silk')
  })

  it('an error gives an empty list and logs "Search error"', async () => {
    const failing: SearchService = {
      mode: 'main-thread',
      setCatalogue: () => {},
      search: () => Promise.reject(new Error('index broken')),
    }
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { store, type } = setup(failing)
    type('gown')
    await act(() => vi.advanceTimersByTimeAsync(timings.searchDelayMs))
    await settle()
    expect(store.getState().search).toMatchObject({
      loading: false,
      results: [],
      resultsFor: 'gown',
    })
    expect(log).toHaveBeenCalledWith('Search error', expect.any(Error))
  })

  it('searches descriptions once the details follow the list, and what it has until then', async () => {
    const listOnly = {
      ...catalogue,
      detailsMerged: '',
      products: catalogue.products.map((product) => ({ ...product, description: '' })),
    }
    const { store, type } = setup(createSearchService(), listOnly)
    const names = () => store.getState().search.results.map((result) => result.name)
    type('charmeuse')
    await act(() => vi.advanceTimersByTimeAsync(timings.searchDelayMs))
    await settle()
    expect(names()).toEqual([])
    act(() => void store.dispatch(catalogueDetailsReceived(catalogue)))
    await act(() => vi.advanceTimersByTimeAsync(timings.searchDelayMs))
    await settle()
    expect(names()).toEqual(['Silk Evening Gown'])
  })

  it('searches again when a new catalogue arrives', async () => {
    const { store, type } = setup()
    type('zebra')
    await act(() => vi.advanceTimersByTimeAsync(timings.searchDelayMs))
    await settle()
    expect(store.getState().search.results).toEqual([])
    const zebra = { ...catalogue.products[0]!, id: 'zebra-001', slug: 'zebra', name: 'Zebra Scarf' }
    act(() => {
      store.dispatch(
        catalogueReceived({
          catalogue: {
            ...catalogue,
            version: 'fixture-2',
            products: [...catalogue.products, zebra],
          },
          fromDevice: false,
        }),
      )
    })
    await act(() => vi.advanceTimersByTimeAsync(timings.searchDelayMs))
    await settle()
    expect(store.getState().search.results.map((result) => result.name)).toEqual(['Zebra Scarf'])
  })
})
