import { chakra } from '@chakra-ui/react/styled-system'
import type { ReactNode } from 'react'

/** The panel's heading: one id, whichever state the panel is in, names the section. */
export function PanelTitle({ children }: { children: ReactNode }) {
  return (
    <chakra.h2
      id="affiliate-account-title"
      fontFamily="heading"
      fontSize={{ base: '2xl', md: '3xl' }}
      color="brand.ink"
      mb="3"
    >
      {children}
    </chakra.h2>
  )
}
