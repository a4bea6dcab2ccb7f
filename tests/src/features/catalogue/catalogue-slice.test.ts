// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { makeStore } from '@/app/store'
import {
  catalogueDetailsFailed,
  catalogueDetailsReceived,
  catalogueFailed,
  catalogueFromBuild,
  catalogueLoading,
  catalogueReceived,
  catalogueConfirmed,
  catalogueUnconfirmed,
  selectCatalogueStale,
  clearRecentlyViewed,
  findProduct,
  productViewed,
  recentlyViewedLimit,
  recentlyViewedSlice,
  selectProductLookup,
} from '@/features/catalogue/catalogue-slice'
import {
  mergeSavedRecentlyViewed,
  validateSavedRecentlyViewed,
} from '@/features/catalogue/recently-viewed-storage'
import { catalogue } from './catalogue-fixture'

describe('catalogue state', () => {
  it('goes loading → ready and keeps the data', () => {
    const store = makeStore()
    store.dispatch(catalogueLoading())
    expect(store.getState().catalogue.status).toBe('loading')
    store.dispatch(catalogueReceived({ catalogue, fromDevice: true }))
    expect(store.getState().catalogue).toMatchObject({
      status: 'ready',
      version: 'fixture-1',
      stale: true,
    })
    expect(store.getState().catalogue.products).toHaveLength(catalogue.products.length)
  })

  it('calls the device copy unconfirmed only once the network could not confirm it', () => {
    const stale = (store: ReturnType<typeof makeStore>) => selectCatalogueStale(store.getState())
    const store = makeStore()
    store.dispatch(catalogueLoading())
    store.dispatch(catalogueReceived({ catalogue, fromDevice: true }))
    // Shown while the network is asked: not yet news.
    expect(stale(store)).toBe(false)
    store.dispatch(catalogueUnconfirmed())
    expect(stale(store)).toBe(true)
    // Asked again (back online), then confirmed.
    store.dispatch(catalogueLoading())
    expect(stale(store)).toBe(false)
    store.dispatch(catalogueFailed({ offline: true, message: 'offline' }))
    expect(stale(store)).toBe(true)
    store.dispatch(catalogueLoading())
    store.dispatch(catalogueConfirmed())
    expect(stale(store)).toBe(false)
  })

  it('is offline-empty or error only while nothing is shown', () => {
    const store = makeStore()
    store.dispatch(catalogueFailed({ offline: true, message: 'offline' }))
    expect(store.getState().catalogue.status).toBe('offline-empty')
    store.dispatch(catalogueFailed({ offline: false, message: '500' }))
    expect(store.getState().catalogue.status).toBe('error')
    store.dispatch(catalogueReceived({ catalogue, fromDevice: false }))
    store.dispatch(catalogueFailed({ offline: true, message: 'offline' }))
    expect(store.getState().catalogue.status).toBe('ready')
  })

  it("treats the build's copy as nothing saved: with no live or saved copy the page says so", () => {
    const store = makeStore()
    store.dispatch(catalogueFromBuild(catalogue))
    expect(store.getState().catalogue).toMatchObject({ status: 'ready', fromBuild: true })
    store.dispatch(catalogueLoading())
    store.dispatch(catalogueFailed({ offline: true, message: 'offline' }))
    expect(store.getState().catalogue).toMatchObject({ status: 'offline-empty', fromBuild: false })
    expect(store.getState().catalogue.products).toEqual([])

    const failing = makeStore()
    failing.dispatch(catalogueFromBuild(catalogue))
    failing.dispatch(catalogueFailed({ offline: false, message: '500' }))
    expect(failing.getState().catalogue.status).toBe('error')

    // A copy saved on the device (or the live one) replaces it, and then stays through a failure.
    const saved = makeStore()
    saved.dispatch(catalogueFromBuild(catalogue))
    saved.dispatch(catalogueReceived({ catalogue, fromDevice: true }))
    saved.dispatch(catalogueFailed({ offline: true, message: 'offline' }))
    expect(saved.getState().catalogue).toMatchObject({ status: 'ready', stale: true })
  })

  it('waits for the details after a list without them, then takes them for that list only', () => {
    const store = makeStore()
    const list = {
      ...catalogue,
      detailsMerged: '',
      products: catalogue.products.map((p) => ({ ...p, description: '' })),
    }
    store.dispatch(catalogueReceived({ catalogue: list, fromDevice: false }))
    expect(store.getState().catalogue).toMatchObject({ details: 'waiting', detailsMerged: '' })
    // Details for a list that is no longer shown are ignored.
    store.dispatch(catalogueDetailsReceived({ ...catalogue, version: 'fixture-0' }))
    expect(store.getState().catalogue.detailsMerged).toBe('')
    store.dispatch(catalogueDetailsReceived(catalogue))
    expect(store.getState().catalogue).toMatchObject({
      details: 'ready',
      detailsMerged: 'details-1',
      version: 'fixture-1',
    })
    expect(store.getState().catalogue.products[0]?.description).toMatch(/silk/)
    // A failure later changes nothing: the details shown stay.
    store.dispatch(catalogueDetailsFailed())
    expect(store.getState().catalogue.details).toBe('ready')
  })

  it('keeps every product a new read left unchanged, and the whole list when nothing changed', () => {
    const store = makeStore()
    store.dispatch(catalogueFromBuild(catalogue))
    const built = store.getState().catalogue.products
    const brands = store.getState().catalogue.brands
    const reread = (changes: (products: typeof catalogue.products) => void, version: string) => {
      const products = structuredClone(catalogue.products)
      changes(products)
      store.dispatch(
        catalogueReceived({ catalogue: { ...catalogue, version, products }, fromDevice: false }),
      )
      return store.getState().catalogue.products
    }
    // Another version with the same products (another salt, say): nothing to draw again.
    expect(reread(() => {}, 'fixture-2')).toBe(built)
    const afterSale = reread((products) => {
      products[1]!.stock -= 1
    }, 'fixture-3')
    expect(afterSale).not.toBe(built)
    expect(afterSale[1]!.stock).toBe(built[1]!.stock - 1)
    expect(afterSale.filter((product, index) => product !== built[index])).toEqual([afterSale[1]])
    expect(store.getState().catalogue.brands).toBe(brands)
  })

  it('says the details are unavailable when none could be read', () => {
    const store = makeStore()
    store.dispatch(
      catalogueReceived({ catalogue: { ...catalogue, detailsMerged: '' }, fromDevice: true }),
    )
    store.dispatch(catalogueDetailsFailed())
    expect(store.getState().catalogue.details).toBe('unavailable')
    // The same list again with details merged (the device had them after all) is taken.
    store.dispatch(catalogueReceived({ catalogue, fromDevice: true }))
    expect(store.getState().catalogue.details).toBe('ready')
  })

  it('finds products by product code, slug, or slug in another case', () => {
    const store = makeStore()
    store.dispatch(catalogueReceived({ catalogue, fromDevice: false }))
    const lookup = selectProductLookup(store.getState())
    expect(findProduct(lookup, 'dress-001')?.name).toBe('Silk Evening Gown')
    expect(findProduct(lookup, 'silk-evening-gown-dress-001')?.id).toBe('dress-001')
    expect(findProduct(lookup, 'SILK-EVENING-GOWN-DRESS-001')?.id).toBe('dress-001')
    expect(findProduct(lookup, 'nothing-here')).toBeUndefined()
  })
})

describe('recently viewed', () => {
  const reduce = recentlyViewedSlice.reducer
  const start = reduce(undefined, { type: 'init' })

  it('puts the latest first, without repeats, and keeps the last twelve', () => {
    let state = start
    for (let index = 1; index <= 14; index++) state = reduce(state, productViewed(`p-${index}`))
    state = reduce(state, productViewed('p-10'))
    expect(state.ids).toHaveLength(recentlyViewedLimit)
    expect(state.ids.slice(0, 3)).toEqual(['p-10', 'p-14', 'p-13'])
    expect(state.ids).not.toContain('p-2')
    expect(reduce(state, clearRecentlyViewed()).ids).toEqual([])
  })

  it('checks what is read back from the device', () => {
    expect(validateSavedRecentlyViewed({ ids: ['a-1', 'a-1', 42, '<x>', 'b-2'] })).toEqual({
      ids: ['a-1', 'b-2'],
    })
    expect(validateSavedRecentlyViewed({ ids: 'a-1' })).toBeNull()
    expect(validateSavedRecentlyViewed({})).toBeNull()
    const many = Array.from({ length: 30 }, (_, index) => `p-${index}`)
    expect(validateSavedRecentlyViewed({ ids: many })?.ids).toHaveLength(recentlyViewedLimit)
  })

  it('keeps products opened before the saved list was read in front', () => {
    expect(mergeSavedRecentlyViewed({ ids: ['a', 'b'] }, { ids: ['c', 'a'] })).toEqual({
      ids: ['c', 'a', 'b'],
    })
  })
})
