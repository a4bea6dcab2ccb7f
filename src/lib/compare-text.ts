/** The text without accents, in lower case: what is compared first. */
function base(text: string): string {
  const lower = text.toLowerCase()
  // eslint-disable-next-line no-control-regex
  return /^[\x00-\x7f]*$/.test(lower) ? lower : lower.normalize('NFD').replace(/\p{M}/gu, '')
}

/**
 * Orders names and codes as a list shows them, as the collator (`localeCompare`) does for the catalogue's
 * text: letters without regard to accents or case (then the unaccented and the lower-case one first),
 * digits and punctuation before letters. Written out rather than with `localeCompare`, whose first use
 * builds a collator: about 10 ms of a page's start-up on a fast machine, four times that on a cheap phone.
 */
export function compareText(a: string, b: string): number {
  if (a === b) return 0
  const x = base(a)
  const y = base(b)
  if (x !== y) return x < y ? -1 : 1
  const accentsA = a.normalize('NFD').toLowerCase()
  const accentsB = b.normalize('NFD').toLowerCase()
  if (accentsA !== accentsB)
    return accentsA.length - accentsB.length || (accentsA < accentsB ? -1 : 1)
  return a > b ? -1 : 1
}
