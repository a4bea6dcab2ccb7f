/** Placeholder until accounts land: the admin shortcut, shown only to admin or manager. */
export function AdminShortcut() {
  return null
}
