/**
 * The store's typefaces: the phone's own (no font downloads). One place for the theme's tokens, the
 * splash's stylesheet and the early font lookup (lib/early-fonts.ts), which must name the same faces.
 */
export const bodyFont =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif"
export const headingFont = "Georgia, 'Times New Roman', 'Noto Serif', serif"

/**
 * The faces a page's first screen draws text in: family and weight (regular, medium, semibold, bold).
 * A function, so that a script naming only the stacks (the splash's) does not carry it.
 */
export function firstScreenFaces(): string[] {
  return [
    ...[400, 500, 600, 700].map((weight) => `${weight} 16px ${bodyFont}`),
    ...[400, 600].map((weight) => `${weight} 16px ${headingFont}`),
  ]
}
