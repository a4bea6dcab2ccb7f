import {
  decodeCatalogue,
  decodeCatalogueDetails,
  mergeDetails,
} from '@/features/catalogue/api/decode-catalogue'
import type { Catalogue } from '@/features/catalogue/types'
import { nextTask } from '@/lib/next-task'

/** The `catalogue` and `catalogue_details` answers, as the server gives them. */
export interface CatalogueDocuments {
  catalogue: unknown
  details: unknown
}

/** The catalogue a prebuilt page is rendered with: the list with its details merged in. */
export function snapshotCatalogue(documents: CatalogueDocuments): Catalogue {
  return mergeDetails(
    decodeCatalogue(documents.catalogue),
    decodeCatalogueDetails(documents.details),
  )
}

/**
 * The same in three tasks (the list, the details, the merge), so that decoding at start-up never holds a
 * cheap phone's main thread for long.
 */
export async function snapshotCatalogueInSteps(
  documents: CatalogueDocuments,
  between: () => Promise<void> = nextTask,
): Promise<Catalogue> {
  const list = decodeCatalogue(documents.catalogue)
  await between()
  const details = decodeCatalogueDetails(documents.details)
  await between()
  return mergeDetails(list, details)
}
