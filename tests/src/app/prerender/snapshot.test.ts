import { describe, expect, it } from 'vitest'
import { snapshotCatalogue, snapshotCatalogueInSteps } from '@/app/prerender/snapshot'
import {
  catalogue,
  catalogueDetailsJson,
  catalogueJson,
} from '../../features/catalogue/catalogue-fixture'

describe("a prebuilt page's catalogue snapshot", () => {
  const documents = { catalogue: catalogueJson(), details: catalogueDetailsJson() }

  it('read in steps is the catalogue read at once, with the details merged', async () => {
    const ids = (list: { id: string }[]) => list.map((product) => product.id).sort()
    expect(ids(snapshotCatalogue(documents).products)).toEqual(ids(catalogue.products))
    const steps: number[] = []
    const inSteps = await snapshotCatalogueInSteps(documents, async () => {
      steps.push(steps.length)
    })
    expect(inSteps).toEqual(snapshotCatalogue(documents))
    // The list expanded, the list checked, the details, the merge: a task each.
    expect(steps).toHaveLength(3)
  })

  it('throws on something that is not a catalogue list', async () => {
    await expect(
      snapshotCatalogueInSteps(
        { catalogue: { products: [] }, details: catalogueDetailsJson() },
        async () => {},
      ),
    ).rejects.toThrow('The catalogue answer is not a catalogue list')
  })
})
