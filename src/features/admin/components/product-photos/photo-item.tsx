import { chakra } from '@chakra-ui/react/styled-system'
import { useState } from 'react'
import { photoUrl } from '@/lib/photo-url'
import type { PhotoRow } from '../../api/product-photos-api'
import { AdminButton } from '../admin-ui'
import { controlStyle } from '@/components/form-field'

const AltInput = chakra('input', { base: { ...controlStyle, h: '10' } })

/** One photo: its thumbnail, alt text (saved when the field is left), and its move and remove buttons. */
export function PhotoItem({
  photo,
  index,
  count,
  colour,
  onMove,
  onAlt,
  onRemove,
}: {
  photo: PhotoRow
  index: number
  count: number
  colour: string
  onMove: (by: -1 | 1) => void
  onAlt: (alt: string) => void
  onRemove: () => void
}) {
  const [alt, setAlt] = useState(photo.alt)
  const name = `photo ${index + 1} of ${colour}`
  const altId = `alt-${photo.id}`
  return (
    <chakra.li display="grid" gridTemplateColumns="80px 1fr" gap="3" alignItems="start">
      <chakra.img
        src={photoUrl(photo.path, 160)}
        alt={photo.alt || `Photo ${index + 1}`}
        width={80}
        height={Math.round((80 * photo.height) / photo.width)}
        borderRadius="sm"
        objectFit="cover"
        bg="brand.cream"
      />
      <chakra.div display="grid" gap="2" minW="0">
        <chakra.label htmlFor={altId} fontSize="xs" fontWeight="medium">
          {index === 0 ? 'Cover · ' : ''}Alt text for {name}
        </chakra.label>
        <AltInput
          id={altId}
          value={alt}
          maxLength={300}
          placeholder="What the photo shows"
          onChange={(event) => setAlt(event.target.value)}
          onBlur={() => {
            if (alt.trim() !== photo.alt) onAlt(alt)
          }}
        />
        <chakra.div display="flex" gap="2" flexWrap="wrap">
          <AdminButton
            tone="secondary"
            aria-label={`Move ${name} earlier`}
            disabled={index === 0}
            onClick={() => onMove(-1)}
          >
            Earlier
          </AdminButton>
          <AdminButton
            tone="secondary"
            aria-label={`Move ${name} later`}
            disabled={index === count - 1}
            onClick={() => onMove(1)}
          >
            Later
          </AdminButton>
          <AdminButton tone="danger" aria-label={`Remove ${name}`} onClick={onRemove}>
            Remove
          </AdminButton>
        </chakra.div>
      </chakra.div>
    </chakra.li>
  )
}
