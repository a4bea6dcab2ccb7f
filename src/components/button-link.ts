import './button-link.css'

/**
 * The look of a button, for links that act as calls to action (a link must stay a link: it navigates,
 * can be opened in a new tab, and is announced as one). Put it on a span inside the router's Link.
 */
export type ButtonLinkVariant = 'solid' | 'outline' | 'quiet' | 'gold' | 'light' | 'outlineLight'

const variants = {
  solid: {
    bg: 'brand.ink',
    color: 'white',
    borderColor: 'brand.ink',
    _hover: { bg: 'brand.charcoal' },
  },
  outline: {
    bg: 'transparent',
    color: 'brand.ink',
    borderColor: 'brand.ink',
    _hover: { bg: 'brand.ink', color: 'white' },
  },
  /** A second choice beside a solid one: a hairline border, no fill. */
  quiet: {
    bg: 'transparent',
    color: 'brand.ink',
    borderColor: 'brand.line',
    _hover: { bg: 'brand.cream' },
  },
  gold: {
    bg: 'brand.goldLight',
    color: 'brand.ink',
    borderColor: 'brand.goldLight',
    _hover: { bg: '#e2c572' },
  },
  light: { bg: 'white', color: 'brand.ink', borderColor: 'white', _hover: { bg: 'brand.cream' } },
  outlineLight: {
    bg: 'transparent',
    color: 'white',
    borderColor: 'whiteAlpha.700',
    _hover: { bg: 'white', color: 'brand.ink' },
  },
} as const

export function buttonLinkStyle(variant: ButtonLinkVariant = 'solid') {
  return {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    minH: '12',
    px: '7',
    borderWidth: '1px',
    borderRadius: '0',
    fontSize: 'xs',
    fontWeight: 'semibold',
    letterSpacing: '0.18em',
    textTransform: 'uppercase',
    transition: 'background 150ms, color 150ms',
    ...variants[variant],
  } as const
}

/** The same look as static CSS (no style work at render): the class names for a span in a Link. */
export function buttonLinkClass(variant: ButtonLinkVariant = 'solid'): string {
  return `btn-link btn-link--${variant}`
}
