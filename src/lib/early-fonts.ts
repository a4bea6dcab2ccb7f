/**
 * Looks the page's typefaces up in tasks of their own, queued from the top of the page's head so that
 * they run while the rest of the HTML is still being read. The page's first layout otherwise sets up
 * each face (family, weight and size) as it meets it: on a cheap phone many milliseconds inside the
 * page's first frame, its longest task. Measuring a few letters in each face on a canvas does that work
 * early; the browser keeps the faces for the page. One face per task (all of them in one took 41-87 ms
 * at 4x CPU), all queued at once: queued one by one, each by the one before, only the first two ran
 * before the first layout. Where the page has been laid out already by the time a task runs, its face
 * is found at once and the task costs next to nothing. The canvas measures with the browser's default
 * text rendering (`auto`), which every element of the page keeps (the theme sets it on `html`): a face
 * drawn with another is set up anew.
 */
export function lookUpFontsEarly(faces: readonly string[], view: Window = window): void {
  let context: CanvasRenderingContext2D | null | undefined
  const lookUp = (face: string) => {
    context ??= view.document.createElement('canvas').getContext('2d')
    if (!context) return
    context.font = face
    context.measureText('Luxe Kenya KSH 1,234')
  }
  for (const face of faces) view.setTimeout(() => lookUp(face), 0)
}
