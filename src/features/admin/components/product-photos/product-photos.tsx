import { chakra } from '@chakra-ui/react/styled-system'
import { useRef, useState, type DragEvent } from 'react'
import { getSupabase } from '@/lib/supabase'
import { errorMessage } from '../../api/admin-api-error'
import {
  fetchPhotos,
  PHOTO_TYPES,
  removePhoto,
  reorderPhotos,
  updatePhotoAlt,
  uploadPhoto,
  type PhotoRow,
} from '../../api/product-photos-api'
import { useAdminQuery } from '../../use-admin-query'
import { AdminButton } from '../admin-ui'
import { PhotoItem } from './photo-item'

interface Upload {
  key: string
  name: string
  progress: number
}

/**
 * The product's photos, one group per colour (and one for photos of every colour): staff drop files on
 * a group or pick them, watch each upload's progress, reorder (buttons, so the keyboard does it too),
 * describe each photo for screen readers, and remove. The first photo of a colour is its cover.
 * Each change is saved at once; the product form's own Save is not needed for photos.
 */
export function ProductPhotos({ productId, colours }: { productId: string; colours: string[] }) {
  const photos = useAdminQuery(`photos:${productId}`, (client) => fetchPhotos(client, productId))
  const [uploads, setUploads] = useState<Record<string, Upload[]>>({})
  const [error, setError] = useState<string | null>(null)
  const groups = [...colours, '']
  const rows = photos.data ?? photos.previous ?? []

  const run = async (action: () => Promise<unknown>) => {
    setError(null)
    try {
      await action()
    } catch (e) {
      setError(errorMessage(e))
    } finally {
      photos.reload()
    }
  }

  const addFiles = async (colour: string, files: File[]) => {
    if (!files.length) return
    setError(null)
    const client = await getSupabase()
    let position = rows.filter((row) => row.colour === colour).length
    for (const file of files) {
      const key = crypto.randomUUID()
      const setProgress = (progress: number) =>
        setUploads((all) => ({
          ...all,
          [colour]: (all[colour] ?? []).map((u) => (u.key === key ? { ...u, progress } : u)),
        }))
      setUploads((all) => ({
        ...all,
        [colour]: [...(all[colour] ?? []), { key, name: file.name, progress: 0 }],
      }))
      try {
        await uploadPhoto(client, { productId, colour, position, file, onProgress: setProgress })
        position++
      } catch (e) {
        setError(errorMessage(e))
      } finally {
        setUploads((all) => ({
          ...all,
          [colour]: (all[colour] ?? []).filter((u) => u.key !== key),
        }))
        photos.reload()
      }
    }
  }

  const move = (group: PhotoRow[], index: number, by: -1 | 1) =>
    run(async () => {
      const order = group.map((row) => row.id)
      const [id] = order.splice(index, 1)
      order.splice(index + by, 0, id!)
      await reorderPhotos(await getSupabase(), order)
    })

  return (
    <chakra.fieldset display="grid" gap="4" minW="0">
      <chakra.legend fontWeight="medium" fontSize="sm" mb="1">
        Photos
      </chakra.legend>
      <chakra.p fontSize="xs" color="brand.muted" mt="-2">
        JPEG, PNG, WebP or AVIF, up to 5 MB each. The first photo of a colour is its cover; without
        photos the shop shows the illustration.
      </chakra.p>
      {photos.error ? (
        <chakra.p role="alert" color="brand.sale" fontSize="sm">
          {photos.error}
        </chakra.p>
      ) : null}
      {groups.map((colour) => {
        const group = rows.filter((row) => row.colour === colour)
        const label = colour || 'Every colour'
        return (
          <PhotoGroup
            key={colour || '(all)'}
            label={label}
            photos={group}
            uploads={uploads[colour] ?? []}
            onFiles={(files) => void addFiles(colour, files)}
            onMove={(index, by) => void move(group, index, by)}
            onAlt={(photo, alt) =>
              void run(async () => updatePhotoAlt(await getSupabase(), photo.id, alt))
            }
            onRemove={(photo) =>
              void run(async () => {
                await removePhoto(await getSupabase(), photo)
                const rest = group.filter((row) => row.id !== photo.id).map((row) => row.id)
                await reorderPhotos(await getSupabase(), rest)
              })
            }
          />
        )
      })}
      {error ? (
        <chakra.p role="alert" color="brand.sale" fontSize="sm">
          {error}
        </chakra.p>
      ) : null}
    </chakra.fieldset>
  )
}

function PhotoGroup({
  label,
  photos,
  uploads,
  onFiles,
  onMove,
  onAlt,
  onRemove,
}: {
  label: string
  photos: PhotoRow[]
  uploads: Upload[]
  onFiles: (files: File[]) => void
  onMove: (index: number, by: -1 | 1) => void
  onAlt: (photo: PhotoRow, alt: string) => void
  onRemove: (photo: PhotoRow) => void
}) {
  const input = useRef<HTMLInputElement>(null)
  const [over, setOver] = useState(false)
  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setOver(false)
    onFiles([...event.dataTransfer.files])
  }
  return (
    <chakra.section
      aria-label={`Photos: ${label}`}
      borderWidth="1px"
      borderStyle={over ? 'solid' : 'dashed'}
      borderColor={over ? 'brand.gold' : 'brand.line'}
      borderRadius="md"
      p="3"
      display="grid"
      gap="3"
      onDragOver={(event: DragEvent) => {
        event.preventDefault()
        setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <chakra.h3 fontSize="sm" fontWeight="semibold">
        {label}
      </chakra.h3>
      {photos.length ? (
        <chakra.ol display="grid" gap="3" listStyleType="none" p="0" m="0">
          {photos.map((photo, index) => (
            <PhotoItem
              key={photo.id}
              photo={photo}
              index={index}
              count={photos.length}
              colour={label}
              onMove={(by) => onMove(index, by)}
              onAlt={(alt) => onAlt(photo, alt)}
              onRemove={() => onRemove(photo)}
            />
          ))}
        </chakra.ol>
      ) : (
        <chakra.p fontSize="sm" color="brand.muted">
          No photos yet.
        </chakra.p>
      )}
      {uploads.map((upload) => (
        <chakra.div key={upload.key} display="grid" gap="1" fontSize="sm">
          <span>Uploading {upload.name}…</span>
          <progress
            value={upload.progress}
            max={1}
            aria-label={`Uploading ${upload.name}`}
            style={{ width: '100%' }}
          />
        </chakra.div>
      ))}
      <chakra.div display="flex" alignItems="center" gap="3" flexWrap="wrap">
        <AdminButton tone="secondary" onClick={() => input.current?.click()}>
          Choose photos
        </AdminButton>
        <chakra.span fontSize="xs" color="brand.muted">
          or drop them here
        </chakra.span>
        <input
          ref={input}
          type="file"
          multiple
          accept={PHOTO_TYPES.join(',')}
          aria-label={`Add photos for ${label}`}
          hidden
          onChange={(event) => {
            const files = [...(event.target.files ?? [])]
            event.target.value = ''
            onFiles(files)
          }}
        />
      </chakra.div>
    </chakra.section>
  )
}
