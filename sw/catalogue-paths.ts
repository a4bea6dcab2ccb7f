/** The catalogue's two reads, which the worker keeps for offline use (the list, then its details). */
export const CATALOGUE_PATH = '/rest/v1/rpc/catalogue'
export const CATALOGUE_DETAILS_PATH = '/rest/v1/rpc/catalogue_details'
export const CATALOGUE_PATHS: ReadonlySet<string> = new Set([
  CATALOGUE_PATH,
  CATALOGUE_DETAILS_PATH,
])
