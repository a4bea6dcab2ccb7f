/** Placeholder until its feature lands: the 'Search Fashion' dialog. */
export function SearchDialog() {
  return null
}
