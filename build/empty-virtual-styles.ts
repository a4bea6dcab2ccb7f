import type { Plugin } from 'vite'

/**
 * For builds and tests that render markup only (the prerender's server bundle, jsdom): the app's virtual
 * stylesheets resolve to nothing.
 */
export function emptyVirtualStyles(): Plugin {
  return {
    name: 'luxe-empty-virtual-styles',
    resolveId: (source) => (/^virtual:.+\.css$/.test(source) ? `\0${source}` : undefined),
    load: (id) => (/^\0virtual:.+\.css$/.test(id) ? '' : undefined),
  }
}
