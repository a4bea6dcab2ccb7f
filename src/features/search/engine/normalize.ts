const combiningMarks = /[\u0300-\u036f]/g
const whitespace = /\s+/g

/**
 * Lower case, accents folded ("Hermès" finds "hermes" and the other way round), runs of whitespace made one
 * space. Applied the same way to the catalogue and to queries, so matching stays a plain substring test.
 */
export function normalizeText(value: string): string {
  const lower = value.toLowerCase()
  // Most text is plain ASCII: skip the costly Unicode decomposition for it.
  // eslint-disable-next-line no-control-regex
  const folded = /[^\u0000-\u007f]/.test(lower)
    ? lower.normalize('NFKD').replace(combiningMarks, '')
    : lower
  return folded.replace(whitespace, ' ').trim()
}

const edgePunctuation = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu

/** A word without the punctuation around it ("dress," → "dress"), for typo comparisons. */
export function bareWord(word: string): string {
  return word.replace(edgePunctuation, '')
}
