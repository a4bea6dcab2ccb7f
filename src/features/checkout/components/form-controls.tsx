import { chakra } from '@chakra-ui/react/styled-system'
import type { ComponentProps, ReactNode } from 'react'
import { fieldAria } from '@/components/field-aria'
import { FormField } from '@/components/form-field'

/** The id of a field's control, from its name (`contact.phone` → `checkout-contact-phone`). */
export const controlId = (field: string) => `checkout-${field.replace(/[^a-z0-9]+/gi, '-')}`

/** Label, optional hint under the control, the control and its error, wired for screen readers. */
export function Field({
  field,
  ...props
}: { field: string } & Omit<ComponentProps<typeof FormField>, 'id' | 'hintBelow' | 'labelProps'>) {
  return <FormField id={controlId(field)} hintBelow labelProps={{ color: 'inherit' }} {...props} />
}

/** The attributes a control inside `Field` needs. */
export function controlProps(
  field: string,
  { error, hint }: { error?: string; hint?: boolean } = {},
) {
  return { ...fieldAria(controlId(field), { error, hint, hintBelow: true }), name: field } as const
}

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
  disabled = false,
}: {
  name: string
  value: string
  checked: boolean
  onChange: (value: string) => void
  title: ReactNode
  detail?: ReactNode
  badge?: ReactNode
  describedBy?: string
  /** Not available for this order (the detail says why). */
  disabled?: boolean
}) {
  return (
    <chakra.label
      aria-disabled={disabled || undefined}
      opacity={disabled ? 0.65 : undefined}
      display="flex"
      alignItems="flex-start"
      gap="3"
      p="4"
      minH="14"
      borderWidth={checked ? '2px' : '1px'}
      borderColor={checked ? 'brand.ink' : 'brand.line'}
      bg={checked ? 'brand.cream' : 'white'}
      cursor={disabled ? 'not-allowed' : 'pointer'}
      _hover={{ borderColor: disabled ? undefined : 'brand.ink' }}
      _focusWithin={{ outline: '2px solid', outlineColor: 'brand.gold', outlineOffset: '2px' }}
    >
      <chakra.input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onChange(value)}
        aria-describedby={describedBy}
        disabled={disabled}
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
