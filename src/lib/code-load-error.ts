/**
 * Whether an error means a lazily loaded part's code did not arrive: the browsers' messages for a failed
 * `import()`, and Vite's for a stylesheet of the part it could not load.
 */
const codeLoadMessages = [
  'Failed to fetch dynamically imported module', // Chromium
  'error loading dynamically imported module', // Firefox
  'Importing a module script failed', // Safari
  'Unable to preload CSS', // Vite's loader
]

export function isCodeLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : ''
  return codeLoadMessages.some((start) => message.startsWith(start))
}

/** The address of the file that did not arrive, when the message names it (Safari's does not). */
export function missingCodeUrl(error: unknown): string | undefined {
  if (!isCodeLoadError(error)) return undefined
  return /(?:https?:\/\/|\/)[^\s'"]+$/.exec((error as Error).message)?.[0]
}
