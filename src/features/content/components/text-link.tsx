import { Link as ChakraLink } from '@chakra-ui/react/link'
import { Link, type LinkProps } from '@tanstack/react-router'
import type { ReactNode } from 'react'

/** An internal link inside running text, underlined so it never relies on colour alone. */
export function TextLink({ to, children }: { to: LinkProps['to']; children: ReactNode }) {
  return (
    <ChakraLink asChild color="brand.goldDeep" textDecoration="underline" textUnderlineOffset="3px">
      <Link to={to}>{children}</Link>
    </ChakraLink>
  )
}
