/** What a prebuilt page names: the catalogue snapshot it was rendered from. */
export interface PrerenderedData {
  /** This origin's `/assets/catalogue-snapshot-*.json`: the `catalogue` and `catalogue_details` answers. */
  snapshot: string
}

/** What the page names, when the build prerendered it (null for the app shell). */
export function prerenderedData(doc: Document = document): PrerenderedData | null {
  const element = doc.getElementById('luxe-prerendered')
  if (!element?.textContent) return null
  try {
    const data = JSON.parse(element.textContent) as Partial<PrerenderedData>
    return typeof data.snapshot === 'string' && data.snapshot.startsWith('/')
      ? (data as PrerenderedData)
      : null
  } catch {
    return null
  }
}
