import { Link, type LinkProps } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import './text-link.css'

/** An internal link inside running text, underlined so it never relies on colour alone. */
export function TextLink({ to, children }: { to: LinkProps['to']; children: ReactNode }) {
  return (
    <Link to={to} className="text-link">
      {children}
    </Link>
  )
}
