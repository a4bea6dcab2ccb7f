import { isIP } from 'node:net'

/**
 * Who a request comes from, for rate limits. A forwarded-for header is a claim anyone can make, so it is
 * believed only when the connection itself comes from a configured proxy (`TRUSTED_PROXIES`, a comma
 * list of addresses; none by default, loopback included). Through trusted proxies the client is the
 * right-most address in X-Forwarded-For that is not itself a trusted proxy: a proxy appends the peer it
 * saw, so anything further left may be forged.
 */
export type TrustedProxies = ReadonlySet<string>

// Mutation testing: dropping an anchor from these patterns changes only strings that are no IP
// address either way (isIP refuses them after), so those mutants survive harmlessly.
const normalise = (address: string) => {
  const bare = address.trim().replace(/^\[|\]$/g, '')
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)
  return (mapped ? mapped[1]! : bare).toLowerCase()
}

export function parseTrustedProxies(value: string | undefined): TrustedProxies {
  const list = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  for (const entry of list) {
    if (!isIP(normalise(entry))) {
      throw new Error(`TRUSTED_PROXIES must list IP addresses, got "${entry}"`)
    }
  }
  return new Set(list.map(normalise))
}

export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  trusted: TrustedProxies,
): string {
  let client = normalise(peer ?? '')
  if (!trusted.has(client)) return client
  // Without the header, any stand-in text is no address and ends the chain the same way.
  // Stryker disable next-line StringLiteral: equivalent (see the line above).
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? ''))
    .split(',')
    .map(normalise)
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!
    // A malformed entry ends the chain: what lies left of it cannot be checked.
    if (!isIP(hop)) break
    client = hop
    if (!trusted.has(hop)) break
  }
  return client
}

/**
 * As the hosted gateway does: the database sees who is calling (limits per address), and only the
 * address the gateway decided. A client's own cf-connecting-ip or x-real-ip never reaches it.
 */
export function forwardClientAddress(headers: Headers, ip: string): void {
  headers.set('x-forwarded-for', ip)
  headers.delete('cf-connecting-ip')
  headers.delete('x-real-ip')
}
