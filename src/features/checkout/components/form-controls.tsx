import { Box } from '@chakra-ui/react/box'
import { chakra } from '@chakra-ui/react/styled-system'
import type { ReactNode } from 'react'

/** The id of a field's control, from its name (`contact.phone` → `checkout-contact-phone`). */
export const controlId = (field: string) => `checkout-${field.replace(/[^a-z0-9]+/gi, '-')}`

/** Label, optional hint, the control and its error, wired for screen readers. */
export function Field({
  field,
  label,
  hint,
  error,
  children,
}: {
  field: string
  label: ReactNode
  hint?: ReactNode
  error?: string
  children: ReactNode
}) {
  const id = controlId(field)
  return (
    <Box>
      <chakra.label htmlFor={id} display="block" fontSize="sm" fontWeight="semibold" mb="1.5">
        {label}
      </chakra.label>
      {children}
      {hint && !error ? (
        <chakra.p id={`${id}-hint`} mt="1.5" fontSize="sm" color="brand.muted">
          {hint}
        </chakra.p>
      ) : null}
      {error ? (
        <chakra.p id={`${id}-error`} mt="1.5" fontSize="sm" color="brand.sale">
          {error}
        </chakra.p>
      ) : null}
    </Box>
  )
}

/** The attributes a control inside `Field` needs. */
export function controlProps(
  field: string,
  { error, hint }: { error?: string; hint?: boolean } = {},
) {
  const id = controlId(field)
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined
  return {
    id,
    name: field,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  } as const
}

/** Select and textarea have no recipe in the trimmed theme: they borrow the input's look. */
export const controlStyle = {
  width: '100%',
  minH: '11',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'l2',
  bg: 'bg',
  px: '3',
  fontSize: 'md',
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.gold', outlineOffset: '0' },
  _invalid: { borderColor: 'brand.sale' },
} as const

/** Inputs big enough for a thumb, 16px text so phones do not zoom in. */
export const inputStyle = { h: '11', fontSize: 'md', bg: 'white' } as const

/** A numbered step of the checkout. */
export function Section({
  step,
  title,
  id,
  children,
  aside,
}: {
  step: number
  title: string
  id: string
  children: ReactNode
  aside?: ReactNode
}) {
  return (
    <chakra.section
      aria-labelledby={id}
      bg="white"
      borderWidth="1px"
      borderColor="brand.line"
      p={{ base: '4', md: '6' }}
    >
      <chakra.div display="flex" alignItems="center" gap="3" mb="5">
        <chakra.span
          aria-hidden="true"
          display="inline-flex"
          alignItems="center"
          justifyContent="center"
          boxSize="7"
          borderRadius="full"
          bg="brand.ink"
          color="white"
          fontSize="sm"
          fontWeight="semibold"
          flexShrink={0}
        >
          {step}
        </chakra.span>
        <chakra.h2 id={id} fontFamily="heading" fontSize="xl" color="brand.ink" flex="1">
          {title}
        </chakra.h2>
        {aside}
      </chakra.div>
      {children}
    </chakra.section>
  )
}

/** A radio choice drawn as a card (delivery method, pickup point, payment method). */
export function ChoiceCard({
  name,
  value,
  checked,
  onChange,
  title,
  detail,
  badge,
  describedBy,
}: {
  name: string
  value: string
  checked: boolean
  onChange: (value: string) => void
  title: ReactNode
  detail?: ReactNode
  badge?: ReactNode
  describedBy?: string
}) {
  return (
    <chakra.label
      display="flex"
      alignItems="flex-start"
      gap="3"
      p="4"
      minH="14"
      borderWidth={checked ? '2px' : '1px'}
      borderColor={checked ? 'brand.ink' : 'brand.line'}
      bg={checked ? 'brand.cream' : 'white'}
      cursor="pointer"
      _hover={{ borderColor: 'brand.ink' }}
      _focusWithin={{ outline: '2px solid', outlineColor: 'brand.gold', outlineOffset: '2px' }}
    >
      <chakra.input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onChange(value)}
        aria-describedby={describedBy}
        mt="1"
        boxSize="4"
        accentColor="#111111"
        flexShrink={0}
        _focusVisible={{ outline: 'none' }}
      />
      <chakra.span display="block" flex="1" minW="0">
        <chakra.span display="flex" justifyContent="space-between" gap="2" fontWeight="semibold">
          <span>{title}</span>
          {badge ? (
            <chakra.span fontWeight="normal" fontSize="sm" color="brand.charcoal" flexShrink={0}>
              {badge}
            </chakra.span>
          ) : null}
        </chakra.span>
        {detail ? (
          <chakra.span display="block" fontSize="sm" color="brand.muted" mt="0.5">
            {detail}
          </chakra.span>
        ) : null}
      </chakra.span>
    </chakra.label>
  )
}

/** A notice box: `tone` sets the left rule's colour. */
export function Notice({
  tone = 'info',
  children,
  role,
  id,
}: {
  tone?: 'info' | 'success' | 'error' | 'warning'
  children: ReactNode
  role?: 'alert' | 'status'
  id?: string
}) {
  const colour = {
    info: 'brand.gold',
    success: 'brand.kenyaGreen',
    error: 'brand.sale',
    warning: 'brand.gold',
  }[tone]
  return (
    <chakra.div
      id={id}
      role={role}
      p="3"
      bg="brand.cream"
      borderLeftWidth="3px"
      borderColor={colour}
      fontSize="sm"
      color="brand.ink"
    >
      {children}
    </chakra.div>
  )
}

export const primaryButton = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '2',
  minH: '12',
  px: '6',
  bg: 'brand.ink',
  color: 'white',
  fontSize: 'sm',
  fontWeight: 'semibold',
  letterSpacing: '0.08em',
  textTransform: 'uppercase',
  borderWidth: '1px',
  borderColor: 'brand.ink',
  cursor: 'pointer',
  _hover: { bg: 'brand.charcoal' },
  _disabled: { opacity: 0.6, cursor: 'not-allowed' },
} as const

export const secondaryButton = {
  ...primaryButton,
  bg: 'white',
  color: 'brand.ink',
  borderColor: 'brand.line',
  _hover: { bg: 'brand.cream', borderColor: 'brand.ink' },
} as const

export const smallButton = {
  display: 'inline-flex',
  alignItems: 'center',
  minH: '9',
  px: '3',
  fontSize: 'sm',
  fontWeight: 'semibold',
  borderWidth: '1px',
  borderColor: 'brand.ink',
  bg: 'white',
  color: 'brand.ink',
  cursor: 'pointer',
  _hover: { bg: 'brand.cream' },
} as const
