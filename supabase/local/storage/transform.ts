import { createHash } from 'node:crypto'
import type SharpModule from 'sharp'
import { ERRORS } from './errors'

/**
 * On-the-fly image transformation, as hosted Storage's `/render/image` does through imgproxy: width and
 * height (1–2500), resize `cover` (crop to fill the box, the default), `contain` (fit inside it) or
 * `fill` (stretch), quality 20–100 (default 80), and the format: `origin` keeps the source's, `webp` or
 * `avif` force one, and with none the client's Accept header decides (WebP, or AVIF where the bucket
 * switches on AVIF detection). Never enlarges, as imgproxy by default.
 */
export interface TransformOptions {
  width?: number
  height?: number
  resize?: 'cover' | 'contain' | 'fill'
  quality?: number
  format?: 'origin' | 'webp' | 'avif'
}

const SIZE = { min: 1, max: 2500 }
const QUALITY = { min: 20, max: 100, default: 80 }
const RESIZE = new Set(['cover', 'contain', 'fill'])
const FORMAT = new Set(['origin', 'webp', 'avif'])
const OUTPUT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))

function intParam(name: string, raw: string | null | undefined): number | undefined {
  if (raw === null || raw === undefined || raw === '') return undefined
  const value = Number(raw)
  if (!Number.isInteger(value)) throw ERRORS.invalidParameter(name)
  return value
}

/** Options from a query string (`width=…&height=…`) or from a signed token's `transformations`. */
export function parseTransform(get: (name: string) => string | null | undefined): TransformOptions {
  const options: TransformOptions = {}
  const width = intParam('width', get('width'))
  const height = intParam('height', get('height'))
  const quality = intParam('quality', get('quality'))
  if (width !== undefined) options.width = clamp(width, SIZE.min, SIZE.max)
  if (height !== undefined) options.height = clamp(height, SIZE.min, SIZE.max)
  if (quality !== undefined) options.quality = clamp(quality, QUALITY.min, QUALITY.max)
  const resize = get('resize')
  if (resize) {
    if (!RESIZE.has(resize)) throw ERRORS.invalidParameter('resize')
    options.resize = resize as TransformOptions['resize']
  }
  const format = get('format')
  if (format) {
    if (!FORMAT.has(format)) throw ERRORS.invalidParameter('format')
    options.format = format as TransformOptions['format']
  }
  return options
}

/** `width:300,height:200,…`, the form hosted Storage keeps in a signed render token. */
export function transformToString(options: TransformOptions): string {
  return Object.entries(options)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}:${String(v)}`)
    .join(',')
}

export function transformFromString(text: string): TransformOptions {
  const entries = new Map<string, string>()
  for (const part of text.split(',')) {
    const [key, value] = part.split(':')
    if (key && value !== undefined) entries.set(key, value)
  }
  return parseTransform((name) => entries.get(name))
}

/** The output format: explicit, else negotiated from Accept, else the source's own. */
export function outputFormat(
  options: TransformOptions,
  accept: string | undefined,
  avifDetection: boolean,
): 'webp' | 'avif' | null {
  if (options.format === 'webp' || options.format === 'avif') return options.format
  if (options.format === 'origin') return null
  const accepted = (accept ?? '').toLowerCase()
  if (avifDetection && accepted.includes('image/avif')) return 'avif'
  if (accepted.includes('image/webp')) return 'webp'
  return null
}

export function variantKey(options: TransformOptions, format: string | null): string {
  return createHash('sha256')
    .update(`${transformToString(options)}|${format ?? 'origin'}`)
    .digest('hex')
    .slice(0, 24)
}

type Sharp = typeof SharpModule
let sharpModule: Promise<Sharp> | undefined
function loadSharp(): Promise<Sharp> {
  return (sharpModule ??= import('sharp').then((m) => {
    const sharp = (m as unknown as { default?: Sharp }).default ?? (m as unknown as Sharp)
    // A shared two-core machine: one libvips thread per transformation, and no cache of decoded files.
    sharp.concurrency(1)
    sharp.cache(false)
    return sharp
  }))
}

export interface RenderedImage {
  bytes: Uint8Array
  contentType: string
}

export async function renderImage(
  input: Uint8Array | string,
  options: TransformOptions,
  format: 'webp' | 'avif' | null,
): Promise<RenderedImage> {
  const sharp = await loadSharp()
  try {
    let image = sharp(input, { failOn: 'error', limitInputPixels: 50_000_000 }).rotate()
    if (options.width || options.height) {
      const fit =
        options.resize === 'contain' ? 'inside' : options.resize === 'fill' ? 'fill' : 'cover'
      image = image.resize({
        width: options.width,
        height: options.height,
        fit,
        withoutEnlargement: true,
      })
    }
    const quality = options.quality ?? QUALITY.default
    const source = (await sharp(input).metadata()).format ?? 'jpeg'
    const target = format ?? source
    if (target === 'webp') image = image.webp({ quality })
    else if (target === 'avif') image = image.avif({ quality, effort: 2 })
    else if (target === 'png') image = image.png()
    else if (target === 'gif') image = image.gif()
    else image = image.jpeg({ quality, mozjpeg: true })
    const bytes = await image.toBuffer()
    return { bytes, contentType: OUTPUT_TYPES[target] ?? 'image/jpeg' }
  } catch {
    throw ERRORS.imageProcessing('Invalid source image')
  }
}
