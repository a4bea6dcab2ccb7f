/** Placeholder until its feature lands: the side menu's search box (focusing it opens the dialog). */
export function SearchBox() {
  return null
}
