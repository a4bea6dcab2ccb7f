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

/** The panel's list of records (payments, refunds), or what to say when there are none. */
export function OrderRecords<T extends { id: string }>({
  records,
  empty,
  children,
}: {
  records: readonly T[]
  empty: string
  children: (record: T) => ReactNode
}) {
  if (records.length === 0) {
    return (
      <chakra.p fontSize="sm" color="brand.muted">
        {empty}
      </chakra.p>
    )
  }
  return (
    <chakra.ul listStyleType="none" display="grid" gap="2">
      {records.map((record) => (
        <chakra.li key={record.id} borderWidth="1px" borderColor="brand.line" p="3" fontSize="sm">
          {children(record)}
        </chakra.li>
      ))}
    </chakra.ul>
  )
}
