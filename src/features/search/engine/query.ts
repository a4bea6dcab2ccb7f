import { normalizeText } from './normalize'
import { translations } from './swahili'

export interface QueryToken {
  /** The word as typed (normalized). */
  text: string
  /** Words it also stands for (Swahili translations). */
  translations: readonly string[]
}

export interface PreparedQuery {
  /** The whole query, normalized: what the substring rule (every word must occur) matches against. */
  phrase: string
  tokens: QueryToken[]
}

const maxWords = 12

/** Blank or whitespace-only queries prepare to nothing: they have no results. */
export function prepareQuery(raw: string): PreparedQuery | undefined {
  const phrase = normalizeText(raw)
  if (!phrase) return undefined
  const seen = new Set<string>()
  const tokens: QueryToken[] = []
  for (const text of phrase.split(' ')) {
    // Words are tracked as bits of a 32-bit number while ranking; nobody types more than a dozen.
    if (seen.has(text) || tokens.length === maxWords) continue
    seen.add(text)
    tokens.push({ text, translations: translations(text) })
  }
  return { phrase, tokens }
}
