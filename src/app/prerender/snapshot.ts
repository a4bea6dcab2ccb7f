import {
  decodeCatalogue,
  decodeCatalogueDetails,
  mergeDetails,
} from '@/features/catalogue/api/decode-catalogue'
import type { Catalogue } from '@/features/catalogue/types'

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
