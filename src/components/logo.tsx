import { Box } from '@chakra-ui/react/box'
import { chakra } from '@chakra-ui/react/styled-system'
import { store } from '@/config/site'

export type LogoVariant = 'full' | 'compact' | 'responsive'

export interface LogoProps {
  /** `responsive`: the compact mark on phones, the full name from the `sm` breakpoint up. */
  variant?: LogoVariant
  /** `light` for dark backgrounds. */
  tone?: 'dark' | 'light'
  size?: 'sm' | 'md' | 'lg'
  /** How the tagline lines up under the name in the full form. */
  align?: 'center' | 'start'
}

const nameSize = { sm: '1.125rem', md: '1.375rem', lg: { base: '2.25rem', md: '3rem' } }
const taglineSize = { sm: '0.5rem', md: '0.5625rem', lg: { base: '0.6875rem', md: '0.8125rem' } }
const markSize = { sm: '2.25rem', md: '2.5rem', lg: '4rem' }

/** The compact mark: the initials in a fine gold-ruled square. */
function Mark({ size, tone }: Required<Pick<LogoProps, 'size' | 'tone'>>) {
  return (
    <chakra.span
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      boxSize={markSize[size]}
      borderWidth="1px"
      borderColor={tone === 'light' ? 'brand.goldLight' : 'brand.gold'}
      color={tone === 'light' ? 'white' : 'brand.ink'}
      fontFamily="heading"
      fontSize={size === 'lg' ? '1.75rem' : '1rem'}
      fontWeight="semibold"
      letterSpacing="0.08em"
      lineHeight="1"
      aria-hidden="true"
    >
      {store.shortName}
    </chakra.span>
  )
}

/** The full logo: the store name over the tagline. */
function Wordmark({ size, tone, align }: Required<Pick<LogoProps, 'size' | 'tone' | 'align'>>) {
  return (
    <chakra.span
      display="inline-flex"
      flexDirection="column"
      alignItems={align === 'start' ? 'flex-start' : 'center'}
      lineHeight="1"
    >
      <chakra.span
        fontFamily="heading"
        fontSize={nameSize[size]}
        fontWeight="semibold"
        letterSpacing="0.06em"
        color={tone === 'light' ? 'white' : 'brand.ink'}
        whiteSpace="nowrap"
      >
        {store.name}
      </chakra.span>
      <chakra.span
        mt={size === 'lg' ? '3' : '1'}
        fontSize={taglineSize[size]}
        fontWeight="medium"
        letterSpacing="0.28em"
        color={tone === 'light' ? 'brand.goldLight' : 'brand.gold'}
        whiteSpace="nowrap"
      >
        {store.tagline}
      </chakra.span>
    </chakra.span>
  )
}

/**
 * The store's logo in its two forms (spec §2): the full name with the tagline, and the compact "LK" mark.
 * The accessible name is always the store name, whichever form is drawn.
 */
export function Logo({
  variant = 'full',
  tone = 'dark',
  size = 'md',
  align = 'center',
}: LogoProps) {
  if (variant === 'compact') {
    return (
      <chakra.span role="img" aria-label={store.name} display="inline-flex">
        <Mark size={size} tone={tone} />
      </chakra.span>
    )
  }
  if (variant === 'full') {
    return (
      <chakra.span role="img" aria-label={`${store.name}, ${store.tagline}`} display="inline-flex">
        <Wordmark size={size} tone={tone} align={align} />
      </chakra.span>
    )
  }
  return (
    <chakra.span role="img" aria-label={store.name} display="inline-flex" alignItems="center">
      <Box display={{ base: 'inline-flex', sm: 'none' }}>
        <Mark size={size} tone={tone} />
      </Box>
      <Box display={{ base: 'none', sm: 'inline-flex' }} aria-hidden="true">
        <Wordmark size={size} tone={tone} align={align} />
      </Box>
    </chakra.span>
  )
}
