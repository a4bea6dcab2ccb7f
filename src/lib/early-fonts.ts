/**
 * Looks the page's typefaces up in a task of its own, queued from the top of the page's head so that it
 * runs while the rest of the HTML is still being read. The page's first layout otherwise finds and opens
 * each face (family and weight) as it meets it: on a cheap phone several milliseconds inside the page's
 * first frame, its longest task. Measuring a few letters in each face on a canvas does that work early;
 * the browser keeps the faces for the page. Where the page has been laid out already by the time the task
 * runs, the faces are found at once and the task costs next to nothing.
 */
export function lookUpFontsEarly(faces: readonly string[], view: Window = window): void {
  view.setTimeout(() => {
    const context = view.document.createElement('canvas').getContext('2d')
    if (!context) return
    for (const face of faces) {
      context.font = face
      context.measureText('Luxe Kenya KSH 1,234')
    }
  }, 0)
}
