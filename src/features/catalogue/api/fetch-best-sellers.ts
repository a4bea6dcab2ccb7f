import { env } from '@/config/env'

/** `best_sellers`: product ids by units sold in paid orders (topped up by the database when few sold). */
export const bestSellersUrl = (count: number) =>
  `${env.supabaseUrl}/rest/v1/rpc/best_sellers?max_count=${count}`

/**
 * The best sellers' ids, best first; a plain GET with the anonymous key (no supabase-js on the home
 * page). Anything but a list of texts is an error, and the caller falls back.
 */
export async function fetchBestSellerIds(count: number, fetcher: typeof fetch = fetch) {
  const response = await fetcher(bestSellersUrl(count), {
    headers: {
      apikey: env.supabaseAnonKey,
      Authorization: `Bearer ${env.supabaseAnonKey}`,
      Accept: 'application/json',
    },
  })
  if (!response.ok) throw new Error(`best_sellers answered ${response.status}`)
  const body = (await response.json()) as unknown
  if (!Array.isArray(body) || !body.every((id) => typeof id === 'string')) {
    throw new Error('best_sellers did not answer a list of product ids')
  }
  return body as string[]
}
