/**
 * The store's typefaces: the phone's own (no font downloads). One place for the theme's tokens, the
 * splash's stylesheet and the early font lookup (lib/early-fonts.ts), which must name the same faces.
 */
export const bodyFont =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif"
export const headingFont = "Georgia, 'Times New Roman', 'Noto Serif', serif"

/**
 * The faces the prebuilt pages' first screens draw text in on a phone (the splash, the header, a page's
 * top: home, listings, a product, the blog, brands), each a family, weight and size: the browser sets up
 * each such face once per page, and the first layout otherwise does it for every one it meets. Most
 * sizes are the theme's (10, 12, 14, 16, 18, 20, 24 and 30 px); 11 and 36 px are the splash's, 13 px a
 * product picture's zoom hint, 28 px a home section's heading, 44 px the home page's hero title. The
 * first screens are checked against this list (e2e/first-frame.spec.ts). A function, so that a script
 * naming only the stacks (the splash's) does not carry it.
 */
export function firstScreenFaces(): string[] {
  const faces: Array<[string, number, number[]]> = [
    // The splash's name and tagline, drawn first.
    [headingFont, 600, [36]],
    [bodyFont, 500, [11]],
    [headingFont, 400, [14, 18, 20, 24, 28, 30, 44]],
    [headingFont, 600, [16]],
    [bodyFont, 400, [10, 12, 13, 14, 16]],
    [bodyFont, 500, [14]],
    [bodyFont, 600, [10, 12, 14, 16, 24]],
    [bodyFont, 700, [10, 12]],
  ]
  return faces.flatMap(([family, weight, sizes]) =>
    sizes.map((size) => `${weight} ${size}px ${family}`),
  )
}
