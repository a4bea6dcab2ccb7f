/** Placeholder until its feature lands: captures ?ref= / ?affiliate= into the affiliate slice. */
export function AffiliateCapture() {
  return null
}
