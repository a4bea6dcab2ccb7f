import type { ComponentProps } from 'react'
import './prompt-card.css'

/** The small ink card every PWA prompt uses: never modal, never covering the page's content. */
export function PromptCard({
  compact = false,
  className,
  ...rest
}: { compact?: boolean } & ComponentProps<'div'>) {
  const classes = ['prompt-card', compact && 'prompt-card--compact', className]
  return <div className={classes.filter(Boolean).join(' ')} {...rest} />
}

/** A prompt's button; `primary` is the gold one. */
export function PromptButton({
  primary = false,
  className,
  ...rest
}: { primary?: boolean } & ComponentProps<'button'>) {
  const classes = ['prompt-button', primary && 'prompt-button--primary', className]
  return <button className={classes.filter(Boolean).join(' ')} {...rest} />
}
