import { Box } from '@chakra-ui/react/box'
import { Heading } from '@chakra-ui/react/heading'
import { chakra } from '@chakra-ui/react/styled-system'
import type { ReactNode } from 'react'

/**
 * The frame of every editorial page: a readable column (about 70 characters a line, full width on a
 * 360 px phone), one h1 with an optional eyebrow and lead paragraph, then the page's own sections.
 */
export function ContentPage({
  eyebrow,
  title,
  lead,
  wide = false,
  children,
}: {
  eyebrow?: string
  title: string
  lead?: ReactNode
  /** Tables and card grids get a wider column. */
  wide?: boolean
  children: ReactNode
}) {
  return (
    <Box
      maxW={wide ? '5xl' : '3xl'}
      mx="auto"
      px={{ base: '4', md: '6' }}
      py={{ base: '8', md: '14' }}
    >
      <chakra.header mb={{ base: '6', md: '10' }}>
        {eyebrow ? (
          <chakra.p
            fontSize="xs"
            fontWeight="semibold"
            letterSpacing="0.2em"
            textTransform="uppercase"
            color="brand.gold"
            mb="3"
          >
            {eyebrow}
          </chakra.p>
        ) : null}
        <Heading
          as="h1"
          fontFamily="heading"
          fontWeight="normal"
          fontSize={{ base: '3xl', md: '5xl' }}
          lineHeight="1.15"
          color="brand.ink"
        >
          {title}
        </Heading>
        {lead ? (
          <chakra.p mt="4" fontSize={{ base: 'md', md: 'lg' }} color="brand.muted" lineHeight="1.7">
            {lead}
          </chakra.p>
        ) : null}
      </chakra.header>
      {children}
    </Box>
  )
}

/** Long-form text: plain semantic tags (h2, h3, p, ul, ol, a) styled in one place. */
export const Prose = chakra('div', {
  base: {
    color: 'brand.charcoal',
    fontSize: { base: 'md', md: 'lg' },
    lineHeight: '1.75',
    overflowWrap: 'break-word',
    '& p, & ul, & ol': { mt: '4' },
    '& h2': {
      fontFamily: 'heading',
      fontSize: { base: 'xl', md: '2xl' },
      lineHeight: '1.3',
      color: 'brand.ink',
      mt: '10',
    },
    '& > :first-child, & > :first-child > h2:first-child': { mt: '0' },
    '& h3': { fontWeight: 'semibold', fontSize: 'lg', color: 'brand.ink', mt: '6' },
    '& ul': { pl: '5', listStyleType: 'disc' },
    '& ol': { pl: '5', listStyleType: 'decimal' },
    '& li + li': { mt: '2' },
    '& a': { color: 'brand.goldDeep', textDecoration: 'underline', textUnderlineOffset: '3px' },
    '& a:hover': { color: 'brand.ink' },
    '& strong': { color: 'brand.ink', fontWeight: 'semibold' },
  },
})

/** A section with its h2, so every page has a clear outline for screen readers. */
export function Section({
  title,
  id,
  children,
}: {
  title: string
  id?: string
  children: ReactNode
}) {
  return (
    <chakra.section aria-labelledby={id ? `${id}-title` : undefined}>
      <h2 id={id ? `${id}-title` : undefined}>{title}</h2>
      {children}
    </chakra.section>
  )
}
