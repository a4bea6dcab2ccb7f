/**
 * The fuzzy set PostgREST's "Perhaps you meant …" hints come from (Haskell's fuzzyset with its
 * defaults: grams of 3 then 2 characters, cosine similarity, the best 50 re-scored by Levenshtein
 * distance, scores under 0.33 dropped). An exact match (ignoring case) scores 1.
 */
const GRAM_SIZES = [3, 2]
const MIN_SCORE = 0.33

/** Lower case, only letters, digits, white space and commas. */
function normalized(value: string): string {
  return value.toLowerCase().replace(/[^\p{L}\p{N}\s,]/gu, '')
}

function grams(value: string, size: number): Map<string, number> {
  let s = `-${normalized(value)}-`
  if (s.length < size) s += '-'.repeat(size - s.length)
  const out = new Map<string, number>()
  for (let i = 0; i + size <= s.length; i++) {
    const g = s.slice(i, i + size)
    out.set(g, (out.get(g) ?? 0) + 1)
  }
  return out
}

const norm = (v: Map<string, number>) => Math.sqrt([...v.values()].reduce((a, n) => a + n * n, 0))

function levenshtein(a: string, b: string): number {
  const dp = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let prev = dp[0]!
    dp[0] = i
    for (let j = 1; j <= b.length; j++) {
      const tmp = dp[j]!
      dp[j] = Math.min(dp[j]! + 1, dp[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1))
      prev = tmp
    }
  }
  return dp[b.length]!
}

/** Scored matches of `value` among `entries`, best first (empty when none is close enough). */
export function fuzzyGet(entries: readonly string[], value: string): [number, string][] {
  const key = value.toLowerCase()
  const exact = entries.find((e) => e.toLowerCase() === key)
  if (exact !== undefined) return [[1, exact]]
  for (const size of GRAM_SIZES) {
    const query = grams(value, size)
    const queryNorm = norm(query)
    const scored: [number, string][] = []
    for (const entry of entries) {
      const own = grams(entry, size)
      let dot = 0
      for (const [g, n] of query) dot += n * (own.get(g) ?? 0)
      if (dot > 0) scored.push([dot / (queryNorm * norm(own)), entry])
    }
    if (scored.length === 0) continue
    scored.sort((a, b) => b[0] - a[0])
    const rescored = scored.slice(0, 50).map(([, entry]): [number, string] => {
      const e = entry.toLowerCase()
      return [1 - levenshtein(e, key) / Math.max(e.length, key.length), entry]
    })
    rescored.sort((a, b) => b[0] - a[0])
    const kept = rescored.filter(([score]) => score >= MIN_SCORE)
    if (kept.length) return kept
  }
  return []
}

/** The best match, if any is close enough. */
export function fuzzyOne(entries: readonly string[], value: string): string | null {
  return fuzzyGet(entries, value)[0]?.[1] ?? null
}
