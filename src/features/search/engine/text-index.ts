import { bareWord, normalizeText } from './normalize'
import type { PreparedQuery, QueryToken } from './query'
import { isPrefixTypo, isWholeWordTypo, minTypoLength } from './typo'

/**
 * A small in-memory full-text index with the store's search rule: every query word must occur, as a
 * case-insensitive substring, in one of a document's fields (so the whole query as a substring always
 * matches). Beyond that, Swahili words match catalogue words starting with their translations, and a word
 * with no match at all may match with one typo; typo matches rank after the others.
 *
 * Why hand-written: the catalogue's vocabulary is small (a few thousand distinct words even at 50k
 * products), so a query word is first matched against the vocabulary, and only the documents holding
 * those words are visited (inverted lists). When a word is so common that its lists outweigh the candidate
 * documents (a one-letter query), the candidates' text is scanned directly instead. Names have inverted
 * lists of their own, so most queries are answered and ranked from names alone. This keeps the rule's
 * substring rule (token-based libraries match word starts, not inside words) at no bundle cost; the
 * per-keystroke figures against the budget come from tests/bench/search.ts.
 */

/** How well a document matched a query word: as typed (or translated), one slip off a word, or a prefix. */
const exactMatch = 0
const typoMatch = 1
const prefixTypoMatch = 2

/** Ranking tiers, best first. Within a tier, documents keep the order they were added in. */
const tierNameStart = 0
const tierNameWordStart = 1
const tierNameInside = 2
const tierAllWordsInName = 3
const tierStrongField = 4
// A word of the query in the name counts for more than the phrase deep in a description (and testing
// names first spares reading long descriptions when the list is already full).
const tierSomeWordsInName = 5
const tierWeakField = 6
const tierSpread = 7
/** Typo matches: 8 and 9 for whole-word slips (in the name or not), 10 and 11 for prefix slips. */
const tierTypo = 8
const tierCount = 12

interface TokenPlan {
  token: QueryToken
  /** Inverted lists of the matching vocabulary words, by match quality. */
  lists: [number[][], number[][], number[][]]
  /** Translations must start a word (so "ring" for "pete" does not find "drawstring"). */
  translationPattern: RegExp | undefined
  /** The words a typo stands for, by quality (for scans and ranking). */
  typoWords: string[]
  prefixWords: string[]
  /** Documents the inverted lists would visit. */
  cost: number
}

/** Documents matching the words so far, in document order, with their worst match quality. */
interface Filtered {
  candidates: number[]
  quality: number[]
}

export interface TextIndexOptions {
  /**
   * Fields are given best first; field 0 is the name. Fields from this index on (e.g. a description) rank
   * below the ones before it.
   */
  weakFrom?: number
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** The query phrase, plus the phrase with each Swahili word replaced by each of its translations. */
function phraseVariants(query: PreparedQuery): string[] {
  const variants = [query.phrase]
  for (const token of query.tokens) {
    for (const translation of token.translations) {
      variants.push(query.tokens.map((t) => (t === token ? translation : t.text)).join(' '))
    }
  }
  return variants
}

/** Adds a document to a word's inverted list; true when the word is new. */
function addTo(lists: Map<string, number[]>, word: string, doc: number): boolean {
  const list = lists.get(word)
  if (!list) {
    lists.set(word, [doc])
    return true
  }
  if (list[list.length - 1] !== doc) list.push(doc)
  return false
}

export class TextIndex {
  private readonly fields: string[][] = []
  private readonly haystacks: string[] = []
  private readonly lists = new Map<string, number[]>()
  /** The same, for names only: most queries are answered from names alone. */
  private readonly nameLists = new Map<string, number[]>()
  private nameWords: string[] = []
  private nameWordLists: number[][] = []
  /** Per search: which query words each document's name holds (a bit per word), valid for nameStamp. */
  private nameBits = new Uint32Array(0)
  private nameStamps = new Uint32Array(0)
  private nameStamp = 0
  /** The words whose name lists were marked (bits), and the very common ones read from names instead. */
  private markedWords = 0
  private readWords: { token: QueryToken; bit: number }[] = []
  private words: string[] = []
  private bareWords: string[] = []
  private wordLists: number[][] = []
  private vocabularyStale = false
  private marks = new Uint32Array(0)
  private stamp = 0
  private readonly weakFrom: number

  constructor(options: TextIndexOptions = {}) {
    this.weakFrom = options.weakFrom ?? Number.POSITIVE_INFINITY
  }

  get size(): number {
    return this.haystacks.length
  }

  /** Adds one document; returns its number (documents are numbered in the order they are added). */
  add(rawFields: readonly string[]): number {
    const id = this.haystacks.length
    const fields = rawFields.map(normalizeText)
    this.fields.push(fields)
    this.haystacks.push(fields.join('\n'))
    for (let f = 0; f < fields.length; f++) {
      const field = fields[f]!
      if (!field) continue
      for (const word of field.split(' ')) {
        this.vocabularyStale = addTo(this.lists, word, id) || this.vocabularyStale
        if (f === 0) this.vocabularyStale = addTo(this.nameLists, word, id) || this.vocabularyStale
      }
    }
    return id
  }

  /** Document numbers matching the query, best first, at most `limit`. */
  search(query: PreparedQuery, limit: number): number[] {
    if (limit <= 0 || this.size === 0) return []
    this.refreshVocabulary()
    const plans: TokenPlan[] = []
    for (const token of query.tokens) {
      const plan = this.plan(token)
      if (plan.cost === 0) return []
      plans.push(plan)
    }
    const variants = phraseVariants(query)
    this.markNames(query)
    const fromNames = this.searchNames(variants, limit)
    if (fromNames) return fromNames
    // The rarest word first: it leaves the fewest candidates for the others. The last (commonest) word is
    // not filtered on its own but tested while ranking.
    const byCost = [...plans].sort((a, b) => a.cost - b.cost)
    const last = byCost.pop()!
    let filtered: Filtered | undefined
    for (const plan of byCost) {
      filtered = this.filter(this.matcher(plan, filtered), filtered)
      if (filtered.candidates.length === 0) return []
    }
    return this.rank(variants, plans, last, filtered, limit)
  }

  /**
   * Notes which query words each document's name holds, from the names' own (short) inverted lists, so
   * ranking rarely searches a name for a word. A very common word (one letter) would mark nearly every
   * name: it is read from the names that need it instead. Returns the bits of a name holding every word.
   */
  private markNames(query: PreparedQuery): number {
    if (this.nameStamps.length < this.size) {
      this.nameStamps = new Uint32Array(this.size * 2)
      this.nameBits = new Uint32Array(this.size * 2)
    }
    const stamp = ++this.nameStamp
    const { nameStamps, nameBits } = this
    this.markedWords = 0
    this.readWords = []
    query.tokens.forEach((token, index) => {
      const bit = 1 << index
      const lists: number[][] = []
      let cost = 0
      for (let i = 0; i < this.nameWords.length; i++) {
        const word = this.nameWords[i]!
        let found = word.includes(token.text)
        for (const translation of token.translations) found ||= word.startsWith(translation)
        if (!found) continue
        lists.push(this.nameWordLists[i]!)
        cost += this.nameWordLists[i]!.length
      }
      if (cost > this.size / 2) {
        this.readWords.push({ token, bit })
        return
      }
      this.markedWords |= bit
      for (const list of lists) {
        for (const doc of list) {
          if (nameStamps[doc] !== stamp) {
            nameStamps[doc] = stamp
            nameBits[doc] = 0
          }
          nameBits[doc] = nameBits[doc]! | bit
        }
      }
    })
    return (1 << query.tokens.length) - 1
  }

  private markedInName(doc: number): number {
    return this.nameStamps[doc] === this.nameStamp ? this.nameBits[doc]! : 0
  }

  /** Whether the name holds every query word: marked bits first, names read only when those pass. */
  private allWordsInName(doc: number): boolean {
    if ((this.markedInName(doc) & this.markedWords) !== this.markedWords) return false
    if (this.readWords.length === 0) return true
    const name = this.fields[doc]![0] ?? ''
    for (const { token } of this.readWords) if (!this.tokenInName(name, token)) return false
    return true
  }

  private someWordInName(doc: number): boolean {
    if (this.markedInName(doc) !== 0) return true
    if (this.readWords.length === 0) return false
    const name = this.fields[doc]![0] ?? ''
    for (const { token } of this.readWords) if (this.tokenInName(name, token)) return true
    return false
  }

  /**
   * The fast path: documents whose name holds every query word (tiers 0–3), read in order until the best
   * tier is full. When at least `limit` names hold them all, nothing else can outrank them; otherwise
   * (undefined) the general path runs.
   */
  private searchNames(variants: string[], limit: number): number[] | undefined {
    const buckets: number[][] = [[], [], [], []]
    let hits = 0
    for (let doc = 0; doc < this.size; doc++) {
      if (!this.allWordsInName(doc)) continue
      hits++
      const tier = this.nameTier(doc, variants)
      const bucket = buckets[tier < 0 ? tierAllWordsInName : tier]!
      if (bucket.length < limit) bucket.push(doc)
      if (buckets[tierNameStart]!.length === limit) break
    }
    return hits < limit ? undefined : buckets.flat().slice(0, limit)
  }

  private useLists(plan: TokenPlan, pool: Filtered | undefined): boolean {
    return plan.cost <= (pool ? pool.candidates.length : this.size) * 4
  }

  private refreshVocabulary() {
    if (!this.vocabularyStale) return
    this.words = [...this.lists.keys()]
    this.bareWords = this.words.map(bareWord)
    this.wordLists = this.words.map((word) => this.lists.get(word)!)
    this.nameWords = [...this.nameLists.keys()]
    this.nameWordLists = this.nameWords.map((word) => this.nameLists.get(word)!)
    this.vocabularyStale = false
  }

  private plan(token: QueryToken): TokenPlan {
    const { words, bareWords, wordLists } = this
    const { text, translations } = token
    const lists: TokenPlan['lists'] = [[], [], []]
    const typoWords: string[] = []
    const prefixWords: string[] = []
    let cost = 0
    for (let i = 0; i < words.length; i++) {
      if (
        words[i]!.includes(text) ||
        translations.some((translation) => bareWords[i]!.startsWith(translation))
      ) {
        lists[exactMatch].push(wordLists[i]!)
        cost += wordLists[i]!.length
      }
    }
    if (cost === 0 && text.length >= minTypoLength) {
      for (let i = 0; i < words.length; i++) {
        const bare = bareWords[i]!
        if (isWholeWordTypo(text, bare)) {
          lists[typoMatch].push(wordLists[i]!)
          typoWords.push(bare)
        } else if (isPrefixTypo(text, bare)) {
          lists[prefixTypoMatch].push(wordLists[i]!)
          prefixWords.push(bare)
        } else continue
        cost += wordLists[i]!.length
      }
    }
    const translationPattern = translations.length
      ? new RegExp(`(?:^|[^\\p{L}\\p{N}])(?:${translations.map(escapeRegExp).join('|')})`, 'u')
      : undefined
    return { token, lists, translationPattern, typoWords, prefixWords, cost }
  }

  private nextStamp(): number {
    if (this.marks.length < this.size) this.marks = new Uint32Array(Math.max(this.size, 64) * 2)
    this.stamp += 3
    return this.stamp - 2
  }

  /** Marks every document on the plan's lists with its best match quality; returns the base stamp. */
  private mark(plan: TokenPlan): number {
    const base = this.nextStamp()
    const { marks } = this
    for (let quality = exactMatch; quality <= prefixTypoMatch; quality++) {
      const stamp = base + quality
      for (const list of plan.lists[quality]!) {
        for (const doc of list) {
          const mark = marks[doc]!
          if (mark < base || mark > stamp) marks[doc] = stamp
        }
      }
    }
    return base
  }

  /** How a document matches the plan's word by reading its text, or -1. */
  private scan(plan: TokenPlan, doc: number): number {
    const haystack = this.haystacks[doc]!
    if (haystack.includes(plan.token.text) || plan.translationPattern?.test(haystack)) {
      return exactMatch
    }
    if (plan.typoWords.some((word) => haystack.includes(word))) return typoMatch
    if (plan.prefixWords.some((word) => haystack.includes(word))) return prefixTypoMatch
    return -1
  }

  /**
   * A test of one document against the plan: through the inverted lists when they are short, else by
   * reading the text (cheaper when the word is very common).
   */
  private matcher(plan: TokenPlan, pool: Filtered | undefined): (doc: number) => number {
    if (!this.useLists(plan, pool)) return (doc) => this.scan(plan, doc)
    const base = this.mark(plan)
    const { marks } = this
    return (doc) => {
      const mark = marks[doc]!
      return mark < base || mark > base + prefixTypoMatch ? -1 : mark - base
    }
  }

  private filter(test: (doc: number) => number, previous: Filtered | undefined): Filtered {
    const candidates: number[] = []
    const quality: number[] = []
    const count = previous ? previous.candidates.length : this.size
    for (let k = 0; k < count; k++) {
      const doc = previous ? previous.candidates[k]! : k
      const match = test(doc)
      if (match < 0) continue
      candidates.push(doc)
      quality.push(previous ? Math.max(previous.quality[k]!, match) : match)
    }
    return { candidates, quality }
  }

  /**
   * Ranks in two passes: the first places documents whose name holds every word (tiers 0–3) and sets
   * the rest aside; the second fills the other tiers one at a time, best first, each stopping once the
   * list is full, so costly tests (a phrase inside long descriptions) only run when the better tiers
   * fell short.
   */
  private rank(
    variants: string[],
    plans: TokenPlan[],
    last: TokenPlan,
    pool: Filtered | undefined,
    limit: number,
  ): number[] {
    const test = this.matcher(last, pool)
    const buckets: number[][] = Array.from({ length: tierCount }, () => [])
    const deferred: number[] = []
    const deferredMatch: number[] = []
    let found = 0
    const count = pool ? pool.candidates.length : this.size
    for (let k = 0; k < count; k++) {
      const doc = pool ? pool.candidates[k]! : k
      const lastMatch = test(doc)
      if (lastMatch < 0) continue
      const match = pool ? Math.max(pool.quality[k]!, lastMatch) : lastMatch
      if (match !== exactMatch || !this.allWordsInName(doc)) {
        deferred.push(doc)
        deferredMatch.push(match)
        continue
      }
      const tier = this.nameTier(doc, variants)
      buckets[tier < 0 ? tierAllWordsInName : tier]!.push(doc)
      found++
    }
    const taken = new Uint8Array(deferred.length)
    for (let tier = tierStrongField; tier < tierCount && found < limit; tier++) {
      const bucket = buckets[tier]!
      for (let k = 0; k < deferred.length && found < limit; k++) {
        if (taken[k] || !this.fits(tier, deferred[k]!, deferredMatch[k]!, variants, plans)) continue
        taken[k] = 1
        bucket.push(deferred[k]!)
        found++
      }
    }
    const ranked: number[] = []
    for (const bucket of buckets) {
      for (const doc of bucket) {
        if (ranked.length === limit) return ranked
        ranked.push(doc)
      }
    }
    return ranked
  }

  /** The phrase (or a translation of it) at the start of the name, at a word start, inside; or -1. */
  private nameTier(doc: number, variants: string[]): number {
    const name = this.fields[doc]![0] ?? ''
    let tier = -1
    for (const phrase of variants) {
      const at = name.indexOf(phrase)
      if (at === 0) return tierNameStart
      if (at < 0) continue
      const here = name.includes(` ${phrase}`) ? tierNameWordStart : tierNameInside
      if (tier < 0 || here < tier) tier = here
    }
    return tier
  }

  /**
   * Whether a document not yet placed belongs to `tier` (tiers are tried best first, so every better tier
   * has already taken its documents).
   */
  private fits(
    tier: number,
    doc: number,
    match: number,
    variants: string[],
    plans: TokenPlan[],
  ): boolean {
    if (tier >= tierTypo) {
      const typoTier = tierTypo + (match - typoMatch) * 2
      if (tier === typoTier) return this.allInName(doc, plans)
      return tier === typoTier + 1
    }
    if (match !== exactMatch) return false
    const fields = this.fields[doc]!
    switch (tier) {
      case tierStrongField:
      case tierWeakField: {
        const from = tier === tierStrongField ? 1 : this.weakFrom
        const to = tier === tierStrongField ? Math.min(this.weakFrom, fields.length) : fields.length
        for (let f = from; f < to; f++) {
          for (const phrase of variants) if (fields[f]!.includes(phrase)) return true
        }
        return false
      }
      case tierSomeWordsInName:
        return this.someWordInName(doc)
      default:
        return tier === tierSpread
    }
  }

  private tokenInName(name: string, token: QueryToken): boolean {
    if (name.includes(token.text)) return true
    for (const translation of token.translations) if (name.includes(translation)) return true
    return false
  }

  /** Every query word (as typed, translated or corrected) is in the name. */
  private allInName(doc: number, plans: TokenPlan[]): boolean {
    const name = this.fields[doc]![0] ?? ''
    for (const plan of plans) {
      if (this.tokenInName(name, plan.token)) continue
      let found = false
      for (const word of plan.typoWords) if (name.includes(word)) found = true
      for (const word of plan.prefixWords) if (!found && name.includes(word)) found = true
      if (!found) return false
    }
    return true
  }
}
