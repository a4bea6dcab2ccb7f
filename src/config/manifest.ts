import type { ManifestOptions } from 'vite-plugin-pwa'
import { store } from '../../supabase/functions/_shared/store-config'

/** Brand colours of the installed app: the splash background and the system bars. */
export const appColours = {
  theme: '#111111',
  background: '#faf6ef',
} as const

const appIcon = (file: string, size: number, purpose: 'any' | 'maskable' = 'any') => ({
  src: `/icons/${file}`,
  sizes: `${size}x${size}`,
  type: 'image/png',
  purpose,
})

/**
 * The web app manifest (read by vite-plugin-pwa at build time). The icons and screenshots are drawn by
 * `tests/tools/build-icons.ts` (`npm run icons:build`). `start_url` carries `source=pwa` so visits from
 * the home screen can be told apart; the cart shortcut opens the cart drawer through `?cart=open`.
 */
export const manifest: Partial<ManifestOptions> = {
  id: '/',
  name: store.name,
  short_name: store.name,
  description: `${store.name}: premium fashion, shoes, bags, jewelry, beauty and watches, delivered across Kenya.`,
  lang: store.locale,
  dir: 'ltr',
  start_url: '/?source=pwa',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  categories: ['shopping', 'lifestyle'],
  theme_color: appColours.theme,
  background_color: appColours.background,
  icons: [
    appIcon('icon-192.png', 192),
    appIcon('icon-512.png', 512),
    appIcon('icon-maskable-512.png', 512, 'maskable'),
  ],
  screenshots: [
    {
      src: '/icons/screenshot-narrow.png',
      sizes: '360x740',
      type: 'image/png',
      form_factor: 'narrow',
      label: `${store.name} on a phone: new arrivals and the season's picks`,
    },
    {
      src: '/icons/screenshot-wide.png',
      sizes: '1280x800',
      type: 'image/png',
      form_factor: 'wide',
      label: `${store.name} on a larger screen`,
    },
  ],
  shortcuts: [
    {
      name: 'Sale',
      short_name: 'Sale',
      description: '60-80% off selected styles',
      url: '/sale?source=pwa',
      icons: [appIcon('icon-192.png', 192)],
    },
    {
      name: 'New arrivals',
      short_name: 'New',
      description: 'The latest pieces in store',
      url: '/new-arrivals?source=pwa',
      icons: [appIcon('icon-192.png', 192)],
    },
    {
      name: 'Cart',
      short_name: 'Cart',
      description: 'Open your shopping cart',
      url: '/?cart=open&source=pwa',
      icons: [appIcon('icon-192.png', 192)],
    },
  ],
}
