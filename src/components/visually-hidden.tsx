import type { ComponentPropsWithoutRef } from 'react'
import './visually-hidden.css'

/** Text for screen readers only (labels, counts, context that the eye gets from layout). */
export function VisuallyHidden({ className, ...props }: ComponentPropsWithoutRef<'span'>) {
  return (
    <span className={className ? `visually-hidden ${className}` : 'visually-hidden'} {...props} />
  )
}
