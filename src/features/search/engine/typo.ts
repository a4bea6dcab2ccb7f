/** Words shorter than this are matched exactly: one edit in a three-letter word is a different word. */
export const minTypoLength = 4

function sameRun(a: string, aFrom: number, b: string, bFrom: number, bEnd: number): boolean {
  if (a.length - aFrom !== bEnd - bFrom) return false
  for (let i = 0; i < bEnd - bFrom; i++) {
    if (a.charCodeAt(aFrom + i) !== b.charCodeAt(bFrom + i)) return false
  }
  return true
}

/**
 * Whether `a` and the first `bLength` characters of `b` differ by at most one edit: a substitution, an
 * insertion, a deletion or two neighbouring letters swapped. Allocation-free: it runs over the whole
 * vocabulary on a keystroke.
 */
export function withinOneEdit(a: string, b: string, bLength = b.length): boolean {
  const difference = a.length - bLength
  if (difference > 1 || difference < -1) return false
  let i = 0
  const shorter = Math.min(a.length, bLength)
  while (i < shorter && a.charCodeAt(i) === b.charCodeAt(i)) i++
  if (i === a.length && i === bLength) return true
  if (difference === 1) return sameRun(a, i + 1, b, i, bLength)
  if (difference === -1) return sameRun(a, i, b, i + 1, bLength)
  if (sameRun(a, i + 1, b, i + 1, bLength)) return true
  return (
    i + 1 < bLength &&
    a.charCodeAt(i) === b.charCodeAt(i + 1) &&
    a.charCodeAt(i + 1) === b.charCodeAt(i) &&
    sameRun(a, i + 2, b, i + 2, bLength)
  )
}

/** A typed word within one slip of a whole catalogue word ("snekers" → "sneakers", "rolx" → "rolex"). */
export function isWholeWordTypo(typed: string, word: string): boolean {
  if (typed.length < minTypoLength || typed.charCodeAt(0) !== word.charCodeAt(0)) return false
  return withinOneEdit(typed, word)
}

/**
 * A typed word within one slip of the start of a longer word, while the shopper is still typing ("snek"
 * → "sneak…", "handbg" → "handbag…"). The first letter must be right, which keeps unrelated words out
 * ("ring" never finds "king").
 */
export function isPrefixTypo(typed: string, word: string): boolean {
  const length = typed.length
  if (length < minTypoLength || typed.charCodeAt(0) !== word.charCodeAt(0)) return false
  if (word.length > length + 1 && withinOneEdit(typed, word, length + 1)) return true
  if (word.length > length && withinOneEdit(typed, word, length)) return true
  // A prefix one letter shorter than the typed word only for longer words: "silk" must not find "sil(ver)".
  return length >= 5 && word.length > length - 1 && withinOneEdit(typed, word, length - 1)
}
