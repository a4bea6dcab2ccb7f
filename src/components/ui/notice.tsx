import { chakra } from '@chakra-ui/react/styled-system'
import type { ReactNode } from 'react'

export type NoticeTone = 'info' | 'success' | 'error' | 'warning'

const accents: Record<NoticeTone, string> = {
  info: 'brand.gold',
  success: 'brand.kenyaGreen',
  error: 'brand.sale',
  warning: 'brand.gold',
}

/**
 * A framed message: `tone` sets the left rule's colour (gold notice, red problem, green done), an
 * optional `title` stands above the text. `compact` is the checkout's: a tighter box whose text reads
 * in the title's colour, as a line of the form.
 */
export function Notice({
  tone = 'info',
  title,
  children,
  role,
  id,
  compact = false,
}: {
  tone?: NoticeTone
  title?: ReactNode
  children?: ReactNode
  role?: 'status' | 'alert'
  id?: string
  compact?: boolean
}) {
  return (
    <chakra.div
      id={id}
      role={role}
      p={compact ? '3' : '4'}
      bg="brand.cream"
      borderLeftWidth="3px"
      borderColor={accents[tone]}
      fontSize="sm"
      color="brand.ink"
    >
      {title ? (
        <chakra.p fontWeight="semibold" mb={children ? '1' : '0'}>
          {title}
        </chakra.p>
      ) : null}
      {children ? (
        compact ? (
          children
        ) : (
          <chakra.div color="brand.charcoal">{children}</chakra.div>
        )
      ) : null}
    </chakra.div>
  )
}
