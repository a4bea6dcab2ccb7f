import { Box } from '@chakra-ui/react/box'
import { Input } from '@chakra-ui/react/input'
import { chakra } from '@chakra-ui/react/styled-system'
import { useId, useState } from 'react'
import { placeholderImage } from '@/config/site'
import { AdminButton } from './admin-ui'

const SHOWN = 48

const fileName = (path: string) =>
  path
    .split('/')
    .pop()
    ?.replace(/\.svg$/, '') ?? path

/**
 * The product's image: a path typed by hand, or one of the store's generated illustrations
 * (/images/products/<kind>-<colour>.svg) picked from a grid that filters as you type.
 */
export function ImagePicker({
  id,
  value,
  onChange,
  images,
  invalid,
  describedBy,
}: {
  id: string
  value: string
  onChange: (path: string) => void
  images: string[]
  invalid?: boolean
  describedBy?: string
}) {
  const [open, setOpen] = useState(false)
  const [filter, setFilter] = useState('')
  const gridId = useId()
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean)
  const matches = images.filter((path) => words.every((w) => fileName(path).includes(w)))

  return (
    <Box>
      <Box display="flex" gap="3" alignItems="center">
        <chakra.img
          src={value.startsWith('/') ? value : placeholderImage}
          alt=""
          boxSize="12"
          objectFit="contain"
          bg="brand.ivory"
          borderWidth="1px"
          borderColor="brand.line"
          flexShrink="0"
          onError={(event) => {
            event.currentTarget.src = placeholderImage
          }}
        />
        <Input
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder="/images/products/dress-black.svg"
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          autoComplete="off"
          spellCheck={false}
        />
      </Box>
      <AdminButton
        tone="quiet"
        mt="2"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={gridId}
      >
        {open ? 'Hide the illustrations' : 'Choose an illustration'}
      </AdminButton>
      {open ? (
        <Box id={gridId} mt="2" borderWidth="1px" borderColor="brand.line" p="3" bg="white">
          <chakra.label htmlFor={`${gridId}-filter`} fontSize="sm" display="block" mb="1">
            Filter illustrations
          </chakra.label>
          <Input
            id={`${gridId}-filter`}
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            placeholder="e.g. dress black"
            size="sm"
            autoComplete="off"
          />
          <chakra.p fontSize="xs" color="brand.muted" mt="2" aria-live="polite">
            {matches.length === 0
              ? 'No illustration matches.'
              : `${Math.min(matches.length, SHOWN)} of ${matches.length} shown`}
          </chakra.p>
          <chakra.ul
            listStyleType="none"
            display="grid"
            gridTemplateColumns="repeat(auto-fill, minmax(4.5rem, 1fr))"
            gap="2"
            mt="2"
            maxH="18rem"
            overflowY="auto"
          >
            {matches.slice(0, SHOWN).map((path) => (
              <li key={path}>
                <chakra.button
                  type="button"
                  onClick={() => {
                    onChange(path)
                    setOpen(false)
                  }}
                  aria-pressed={path === value}
                  title={path}
                  w="100%"
                  display="flex"
                  flexDirection="column"
                  alignItems="center"
                  gap="1"
                  p="1"
                  borderWidth="2px"
                  borderColor={path === value ? 'brand.gold' : 'transparent'}
                  _hover={{ bg: 'brand.cream' }}
                >
                  <chakra.img src={path} alt="" boxSize="12" objectFit="contain" loading="lazy" />
                  <chakra.span fontSize="2xs" lineClamp="2" wordBreak="break-all">
                    {fileName(path)}
                  </chakra.span>
                </chakra.button>
              </li>
            ))}
          </chakra.ul>
        </Box>
      ) : null}
    </Box>
  )
}
