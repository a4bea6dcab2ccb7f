import type { Catalogue } from '../types'

let fromBuild: Catalogue | undefined
let arriving: Promise<void> | undefined

/**
 * A prebuilt page's catalogue (the one the build rendered it from) is on its way: the app takes the page
 * over once it is in, and shows it until the live one is in memory. A module of its own, with nothing to
 * import: the app's first code starts it, and route heads (loaded later) wait for it, so the first
 * titles already name what the page shows.
 */
export function expectBuildCatalogue(catalogue: Promise<Catalogue | undefined>) {
  arriving = catalogue.then(
    (received) => {
      fromBuild = received
    },
    () => undefined,
  )
}

/** The build's catalogue, once it has arrived; undefined on a page the build did not render. */
export async function buildCatalogue(): Promise<Catalogue | undefined> {
  await arriving
  return fromBuild
}
