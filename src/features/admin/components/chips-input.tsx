import { Box } from '@chakra-ui/react/box'
import { Input } from '@chakra-ui/react/input'
import { chakra } from '@chakra-ui/react/styled-system'
import { useState, type KeyboardEvent } from 'react'
import { CloseIcon } from '@/components/icons'
import { AdminButton } from './admin-ui'

/**
 * A list of short values (sizes, colours, tags) as removable chips. Type one and press Enter, a comma or
 * Add; pasting "S, M, L" adds three. Duplicates (ignoring case) are skipped.
 */
export function ChipsInput({
  id,
  values,
  onChange,
  noun,
  placeholder,
  maxLength = 40,
  describedBy,
}: {
  id: string
  values: string[]
  onChange: (values: string[]) => void
  /** Singular, for button labels: "size" → "Remove size M". */
  noun: string
  placeholder?: string
  maxLength?: number
  describedBy?: string
}) {
  const [text, setText] = useState('')

  const add = (raw: string) => {
    const next = [...values]
    for (const part of raw.split(',')) {
      const value = part.trim().slice(0, maxLength)
      if (value && !next.some((v) => v.toLowerCase() === value.toLowerCase())) next.push(value)
    }
    if (next.length !== values.length) onChange(next)
    setText('')
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault()
      add(text)
    } else if (event.key === 'Backspace' && text === '' && values.length > 0) {
      onChange(values.slice(0, -1))
    }
  }

  return (
    <Box>
      {values.length > 0 ? (
        <chakra.ul listStyleType="none" display="flex" flexWrap="wrap" gap="1.5" mb="2">
          {values.map((value) => (
            <chakra.li
              key={value}
              display="inline-flex"
              alignItems="center"
              gap="1"
              bg="brand.ivory"
              borderWidth="1px"
              borderColor="brand.line"
              ps="2.5"
              fontSize="sm"
            >
              {value}
              <chakra.button
                type="button"
                onClick={() => onChange(values.filter((v) => v !== value))}
                aria-label={`Remove ${noun} ${value}`}
                display="inline-flex"
                alignItems="center"
                justifyContent="center"
                boxSize="8"
                _hover={{ bg: 'brand.line' }}
              >
                <CloseIcon size={14} />
              </chakra.button>
            </chakra.li>
          ))}
        </chakra.ul>
      ) : null}
      <Box display="flex" gap="2">
        <Input
          id={id}
          value={text}
          onChange={(event) => {
            const value = event.target.value
            if (value.includes(',')) add(value)
            else setText(value)
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            if (text.trim()) add(text)
          }}
          placeholder={placeholder}
          maxLength={maxLength * 4}
          aria-describedby={describedBy}
          autoComplete="off"
        />
        <AdminButton tone="secondary" onClick={() => add(text)} disabled={!text.trim()}>
          Add
        </AdminButton>
      </Box>
    </Box>
  )
}
