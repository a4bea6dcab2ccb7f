import type { ManifestOptions } from 'vite-plugin-pwa'
import { store } from '../../supabase/functions/_shared/store-config'

/** The web app manifest (read by vite-plugin-pwa at build time). */
export const manifest: Partial<ManifestOptions> = {
  name: store.name,
  short_name: store.name,
  description: `${store.name}: premium fashion, shoes, bags, jewelry, beauty and watches, delivered across Kenya.`,
  lang: store.locale,
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: '#111111',
  background_color: '#faf6ef',
  icons: [],
}
