import { store } from '@/config/site'

/** `Women | Luxe Kenya`; the home page keeps the store's own title. */
export function pageTitle(name?: string): string {
  return name ? `${name} | ${store.name}` : store.pageTitle
}

export function titleMeta(name?: string) {
  return { meta: [{ title: pageTitle(name) }] }
}
