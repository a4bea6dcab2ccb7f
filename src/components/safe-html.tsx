import { chakra, type HTMLChakraProps } from '@chakra-ui/react/styled-system'
import { useRouter } from '@tanstack/react-router'
import { useMemo, type MouseEvent } from 'react'
import { sanitizeHtml } from '@/lib/sanitize'

export interface SafeHtmlProps extends Omit<
  HTMLChakraProps<'span'>,
  'children' | 'dangerouslySetInnerHTML'
> {
  /** Untrusted HTML (e.g. an assistant reply after markdown-lite); sanitised here, nowhere else. */
  html: string
}

/**
 * The only component that renders HTML from outside the app. The HTML is sanitised (b, i, a only) and
 * set once; nothing rewrites it afterwards. Clicks on links to this site's paths go through the router
 * instead of reloading the page.
 */
export function SafeHtml({ html, onClick, ...rest }: SafeHtmlProps) {
  const router = useRouter()
  const clean = useMemo(() => sanitizeHtml(html), [html])

  const handleClick = (event: MouseEvent<HTMLSpanElement>) => {
    onClick?.(event)
    if (event.defaultPrevented || event.button !== 0) return
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    const anchor = (event.target as Element).closest?.('a')
    const href = anchor?.getAttribute('href')
    if (!anchor || !href || !href.startsWith('/') || href.startsWith('//')) return
    event.preventDefault()
    void router.navigate({ href })
  }

  return <chakra.span {...rest} onClick={handleClick} dangerouslySetInnerHTML={{ __html: clean }} />
}
