import { colourWords } from '@shared/catalogue-format'
import { photoSrcSet, photoUrl } from '@/lib/photo-url'
import type { Product, ProductPhoto } from '../types'

/**
 * What the store shows of a product in a colour: staff's photos of that colour (then those of every
 * colour), or else the illustration drawn in that colour. Every picture carries its pixel size, so its
 * box is kept before it loads.
 */
export interface Picture {
  key: string
  src: string
  srcSet?: string
  width: number
  height: number
  alt: string
}

/** The illustrations are drawn at 4:5; shown up to 800 × 1000. */
const DRAWING = { width: 800, height: 1000 }

/** The colour shown when none is chosen: the first. */
export function shownColour(product: Product, colour: string | undefined): string | undefined {
  return colour && product.colors.includes(colour) ? colour : product.colors[0]
}

/** The illustration in a colour: `<kind>-<colour words>.svg` beside the first colour's drawing. */
export function illustrationFor(product: Product, colour: string | undefined): string | null {
  const first = product.colors[0]
  const shown = shownColour(product, colour)
  if (!product.image || !first || !shown || shown === first) return product.image
  const suffix = `-${colourWords(first)}.svg`
  if (!product.image.endsWith(suffix)) return product.image
  return `${product.image.slice(0, -suffix.length)}-${colourWords(shown)}.svg`
}

export function photosFor(product: Product, colour: string | undefined): ProductPhoto[] {
  const shown = shownColour(product, colour)
  const photos = product.photos ?? []
  return [
    ...photos.filter((photo) => photo.colour !== null && photo.colour === shown),
    ...photos.filter((photo) => photo.colour === null),
  ]
}

export function picturesFor(product: Product, colour: string | undefined): Picture[] {
  const shown = shownColour(product, colour)
  const photos = photosFor(product, colour)
  if (photos.length) {
    return photos.map((photo, index) => ({
      key: photo.path,
      src: photoUrl(photo.path, Math.min(photo.width, 960)),
      srcSet: photoSrcSet(photo.path, photo.width),
      width: photo.width,
      height: photo.height,
      alt: photo.alt || `${product.name}${shown ? ` in ${shown}` : ''}, photo ${index + 1}`,
    }))
  }
  const src = illustrationFor(product, colour)
  return src
    ? [{ key: src, src, ...DRAWING, alt: colour ? `${product.name} in ${colour}` : product.name }]
    : []
}

/**
 * A small picture of the product in a colour, for cart, checkout and order lines: the colour's cover
 * photo at thumbnail width (2× a 64 px slot), or its illustration.
 */
export function thumbnailFor(product: Product, colour: string | undefined): string {
  const cover = photosFor(product, colour)[0]
  if (cover) return photoUrl(cover.path, Math.min(cover.width, 160))
  return illustrationFor(product, colour) ?? ''
}
