/** Placeholder until its feature lands: the header's search icon button (opens the search dialog). */
export function SearchButton() {
  return null
}
