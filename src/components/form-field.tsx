import { Box } from '@chakra-ui/react/box'
import { chakra } from '@chakra-ui/react/styled-system'
import type { ReactNode } from 'react'

/**
 * A labelled form field: label, optional hint, the control, and its error. The control gets its ids
 * from `fieldAria(id, …)`, so the hint and the error are read out with it (aria-describedby).
 */
export function FormField({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string
  label: ReactNode
  hint?: ReactNode
  error?: string
  children: ReactNode
}) {
  return (
    <Box>
      <chakra.label
        htmlFor={id}
        display="block"
        fontSize="sm"
        fontWeight="semibold"
        color="brand.ink"
        mb="1.5"
      >
        {label}
      </chakra.label>
      {hint ? (
        <chakra.p id={`${id}-hint`} fontSize="sm" color="brand.muted" mb="1.5">
          {hint}
        </chakra.p>
      ) : null}
      {children}
      {error ? (
        <chakra.p id={`${id}-error`} mt="1.5" fontSize="sm" color="brand.sale">
          {error}
        </chakra.p>
      ) : null}
    </Box>
  )
}

/** The accessibility attributes a control inside `FormField` needs. */
export function fieldAria(id: string, { error, hint }: { error?: string; hint?: boolean } = {}) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ')
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const
}

/** Select, textarea and checkbox have no recipe in the trimmed theme: they borrow the input's look. */
export const controlStyle = {
  width: '100%',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'l2',
  bg: 'bg',
  px: '3',
  fontSize: 'md',
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.gold', outlineOffset: '0' },
  _invalid: { borderColor: 'brand.sale' },
} as const
