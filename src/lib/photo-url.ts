import { env } from '@/config/env'

/**
 * Where product photos are read: the public product-photos bucket, through Storage's image endpoint
 * (the same URL supabase-js's `getPublicUrl(path, { transform })` makes, built here without loading
 * supabase-js). The browser's Accept header gets it WebP (or AVIF) where it can show them.
 */
export const PHOTO_BUCKET = 'product-photos'

/** Widths the store asks for: a picture is fetched at the smallest that fills its slot. */
export const PHOTO_WIDTHS = [160, 320, 480, 640, 720, 960, 1080, 1280] as const

const storageUrl = () => `${env.supabaseUrl.replace(/\/+$/, '')}/storage/v1`

export function photoUrl(path: string, width?: number, quality = 75): string {
  const base = `${storageUrl()}/render/image/public/${PHOTO_BUCKET}/${encodeURI(path)}`
  return width ? `${base}?width=${width}&quality=${quality}` : `${base}?quality=${quality}`
}

/** `srcset` candidates up to the original's own width (the endpoint never enlarges). */
export function photoSrcSet(path: string, originalWidth: number): string {
  const widths: number[] = PHOTO_WIDTHS.filter((w) => w < originalWidth)
  widths.push(Math.min(originalWidth, PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!))
  return [...new Set(widths)].map((w) => `${photoUrl(path, w)} ${w}w`).join(', ')
}
