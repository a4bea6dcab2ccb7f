/** Where the build's files are served, as the worker's routes need to know it. */

/** Vite's folder for hashed files (its default `build.assetsDir`): a file's bytes there never change. */
export const HASHED_ASSET_PREFIX = '/assets/'

/** A hashed script or stylesheet of the build. */
export const isHashedCode = (url: URL): boolean =>
  url.pathname.startsWith(HASHED_ASSET_PREFIX) && /\.(js|css)$/.test(url.pathname)

/** The address a page is served at: a folder's index.html at the folder itself. */
export function servedUrl(fileUrl: string): string {
  const url = new URL(fileUrl)
  url.pathname = url.pathname.replace(/\/index\.html$/, '/')
  return url.href
}
