/**
 * The private realtime topic of an order, which only the holder of its key can name:
 * `order-key:<order id>.<sha-256 of the key, hex>`. The database announces each change of the order
 * there; the key itself never leaves the page. Null where the browser has no Web Crypto (an insecure
 * origin): the page then re-reads on its timer.
 */
export async function orderKeyTopic(orderId: string, key: string): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle
  if (!subtle) return null
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(key))
  const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')
  return `order-key:${orderId}.${hex}`
}
