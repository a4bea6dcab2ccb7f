import { Box } from '@chakra-ui/react/box'
import { chakra, type HTMLChakraProps } from '@chakra-ui/react/styled-system'
import type { ReactNode } from 'react'

/**
 * A labelled form field: label, optional hint, the control, and its error. The control gets its ids
 * from `fieldAria(id, …)`, so the hint and the error are read out with it (aria-describedby).
 *
 * The hint stands above the control, or with `hintBelow` under it, where the error takes its place.
 * `labelProps` restyles the label (`plainLabel` for forms set in body text); `dense` sets the field
 * tighter, with a smaller hint, for the staff screens' crowded forms.
 */
export function FormField({
  id,
  label,
  hint,
  error,
  hintBelow = false,
  labelProps,
  dense = false,
  children,
}: {
  id: string
  label: ReactNode
  hint?: ReactNode
  error?: string
  hintBelow?: boolean
  labelProps?: HTMLChakraProps<'label'>
  dense?: boolean
  children: ReactNode
}) {
  const gap = dense ? '1' : '1.5'
  return (
    <Box minW={dense ? '0' : undefined}>
      <chakra.label
        htmlFor={id}
        display="block"
        fontSize="sm"
        fontWeight="semibold"
        color="brand.ink"
        mb={gap}
        {...labelProps}
      >
        {label}
      </chakra.label>
      {hint && !hintBelow ? (
        <chakra.p id={`${id}-hint`} fontSize="sm" color="brand.muted" mb="1.5">
          {hint}
        </chakra.p>
      ) : null}
      {children}
      {hint && hintBelow && !error ? (
        <chakra.p id={`${id}-hint`} mt={gap} fontSize={dense ? 'xs' : 'sm'} color="brand.muted">
          {hint}
        </chakra.p>
      ) : null}
      {error ? (
        <chakra.p id={`${id}-error`} mt={gap} fontSize="sm" color="brand.sale">
          {error}
        </chakra.p>
      ) : null}
    </Box>
  )
}

/** A label in the surrounding text's size and colour, medium weight. */
export const plainLabel = {
  fontSize: 'inherit',
  fontWeight: 'medium',
  color: 'inherit',
} as const satisfies HTMLChakraProps<'label'>

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
