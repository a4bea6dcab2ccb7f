import { colourWords } from '@shared/catalogue-format'
import { env } from '@/config/env'
import { PHOTO_BUCKET } from '@/lib/photo-url'
import type { AppSupabaseClient } from '@/lib/supabase'
import { AdminApiError, unwrap } from './admin-api-error'

/** A photo row as staff edit it. `colour` '' is a photo of every colour. */
export interface PhotoRow {
  id: string
  product_id: string
  colour: string
  position: number
  path: string
  alt: string
  width: number
  height: number
}

/** What the bucket takes (the bucket refuses anything else too; checking first says it sooner). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024

const columns = 'id, product_id, colour, position, path, alt, width, height'

export async function fetchPhotos(
  client: AppSupabaseClient,
  productId: string,
): Promise<PhotoRow[]> {
  const rows = unwrap(
    await client
      .from('product_photos')
      .select(columns)
      .eq('product_id', productId)
      .order('colour')
      .order('position')
      .order('created_at'),
  )
  return rows as PhotoRow[]
}

/** The pixels of a picture the browser can decode; a file it cannot is not a photo. */
export async function photoSize(file: Blob): Promise<{ width: number; height: number }> {
  try {
    const bitmap = await createImageBitmap(file)
    const size = { width: bitmap.width, height: bitmap.height }
    bitmap.close()
    if (size.width < 1 || size.height < 1) throw new Error('empty')
    return size
  } catch {
    throw new AdminApiError(`${fileName(file)} is not a picture this browser can open.`, 400)
  }
}

const fileName = (file: Blob) =>
  'name' in file && typeof file.name === 'string' ? file.name : 'This file'

/** The first reason a file cannot be a product photo, or null. */
export function photoProblem(file: File): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) {
    return `${file.name} is not a JPEG, PNG, WebP or AVIF picture.`
  }
  if (file.size > PHOTO_MAX_BYTES) return `${file.name} is larger than 5 MB.`
  if (file.size === 0) return `${file.name} is empty.`
  return null
}

const extensions: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
}

/**
 * Sends the bytes to a signed upload URL (as supabase-js's `uploadToSignedUrl` does), through
 * XMLHttpRequest so the upload reports its progress. Storage's own error message is passed on.
 */
function sendToSignedUrl(
  signedUrl: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('PUT', signedUrl)
    xhr.setRequestHeader('apikey', env.supabaseAnonKey)
    xhr.setRequestHeader('content-type', file.type)
    // Each upload has its own key, so its bytes never change: cache them for a year.
    xhr.setRequestHeader('cache-control', 'max-age=31536000')
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    }
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1)
        resolve()
        return
      }
      let message = `The upload failed (${xhr.status}).`
      try {
        const body = JSON.parse(xhr.responseText) as { message?: string }
        if (body.message) message = `The upload was refused: ${body.message}.`
      } catch {
        // keep the status message
      }
      reject(new AdminApiError(message, 400))
    }
    xhr.onerror = () =>
      reject(new AdminApiError('The upload failed: check the connection and try again.', 400))
    xhr.send(file)
  })
}

/** Uploads one photo and records it last in its colour. Nothing is kept when either step fails. */
export async function uploadPhoto(
  client: AppSupabaseClient,
  options: {
    productId: string
    colour: string
    position: number
    file: File
    onProgress: (fraction: number) => void
  },
): Promise<PhotoRow> {
  const { productId, colour, file } = options
  const problem = photoProblem(file)
  if (problem) throw new AdminApiError(problem, 400)
  const size = await photoSize(file)
  const { data } = await client.auth.getSession()
  if (!data.session) throw new AdminApiError('Sign in again to upload photos.', 400)
  const path = `${productId}/${colourWords(colour) || 'all'}/${crypto.randomUUID()}.${extensions[file.type]}`
  // Storage checks the staff member's right to upload before a byte is sent; the URL it signs then
  // takes the bytes (for two hours) however long they take.
  const signed = await client.storage.from(PHOTO_BUCKET).createSignedUploadUrl(path)
  if (signed.error) throw new AdminApiError(`The upload was refused: ${signed.error.message}.`, 400)
  await sendToSignedUrl(signed.data.signedUrl, file, options.onProgress)
  const inserted = await client
    .from('product_photos')
    .insert({
      product_id: productId,
      colour,
      position: options.position,
      path,
      alt: '',
      width: size.width,
      height: size.height,
    })
    .select(columns)
    .single()
  if (inserted.error) {
    await client.storage.from(PHOTO_BUCKET).remove([path])
  }
  return unwrap(inserted) as PhotoRow
}

export async function updatePhotoAlt(client: AppSupabaseClient, id: string, alt: string) {
  unwrap(
    await client
      .from('product_photos')
      .update({ alt: alt.trim().slice(0, 300) })
      .eq('id', id),
  )
}

/** Writes positions 0, 1, 2… in the given order (the first is the colour's cover). */
export async function reorderPhotos(client: AppSupabaseClient, ids: string[]) {
  for (const [position, id] of ids.entries()) {
    unwrap(await client.from('product_photos').update({ position }).eq('id', id))
  }
}

/** Removes the row, then the bytes (a row never points at a missing object). */
export async function removePhoto(client: AppSupabaseClient, photo: PhotoRow) {
  unwrap(await client.from('product_photos').delete().eq('id', photo.id))
  const removed = await client.storage.from(PHOTO_BUCKET).remove([photo.path])
  if (removed.error) throw new AdminApiError(removed.error.message, 400)
}
