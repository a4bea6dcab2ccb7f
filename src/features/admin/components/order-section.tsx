import { chakra } from '@chakra-ui/react/styled-system'
import type { ReactNode } from 'react'

/** One titled part of the order panel (items, customer, payments, refunds…). */
export function OrderSection({
  title,
  label,
  children,
}: {
  title: string
  /** Names the section as a region for assistive technology. */
  label?: string
  children: ReactNode
}) {
  return (
    <chakra.section aria-label={label}>
      <chakra.h3
        fontSize="xs"
        fontWeight="semibold"
        textTransform="uppercase"
        letterSpacing="0.08em"
        color="brand.muted"
        mb="2"
      >
        {title}
      </chakra.h3>
      {children}
    </chakra.section>
  )
}

/** A label and its value in the panel's two-column lists. */
export function OrderRow({
  label,
  value,
  strong,
}: {
  label: string
  value: string
  strong?: boolean
}) {
  return (
    <>
      <chakra.dt
        color={strong ? 'brand.ink' : 'brand.muted'}
        fontWeight={strong ? 'semibold' : undefined}
      >
        {label}
      </chakra.dt>
      <chakra.dd textAlign="end" fontWeight={strong ? 'semibold' : undefined}>
        {value}
      </chakra.dd>
    </>
  )
}
