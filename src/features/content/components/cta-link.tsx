import { Link, type LinkProps } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { buttonLinkClass, type ButtonLinkVariant } from '@/components/button-link'

/** An internal link that looks like a button: still a link to the browser and to screen readers. */
export function CtaLink({
  to,
  variant = 'solid',
  children,
}: {
  to: LinkProps['to']
  variant?: ButtonLinkVariant
  children: ReactNode
}) {
  return (
    <Link to={to}>
      <span className={buttonLinkClass(variant)}>{children}</span>
    </Link>
  )
}
