import { Box } from '@chakra-ui/react/box'
import { chakra } from '@chakra-ui/react/styled-system'
import type { ReactNode } from 'react'

/** An eyebrow, a serif heading and an optional line of text, the opening of each home section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  align = 'center',
  tone = 'dark',
}: {
  id: string
  eyebrow?: string
  title: string
  children?: ReactNode
  align?: 'center' | 'start'
  tone?: 'dark' | 'light'
}) {
  return (
    <Box
      textAlign={align}
      maxW={align === 'center' ? '2xl' : undefined}
      mx={align === 'center' ? 'auto' : undefined}
    >
      {eyebrow ? (
        <chakra.p
          fontSize="xs"
          fontWeight="semibold"
          letterSpacing="0.3em"
          textTransform="uppercase"
          color={tone === 'light' ? 'brand.goldLight' : 'brand.gold'}
        >
          {eyebrow}
        </chakra.p>
      ) : null}
      <chakra.h2
        id={id}
        mt={eyebrow ? '2' : '0'}
        fontFamily="heading"
        fontWeight="normal"
        fontSize={{ base: '1.75rem', md: '2.5rem' }}
        lineHeight="1.15"
        color={tone === 'light' ? 'white' : 'brand.ink'}
      >
        {title}
      </chakra.h2>
      {children ? (
        <chakra.p
          mt="3"
          color={tone === 'light' ? 'whiteAlpha.800' : 'brand.muted'}
          fontSize={{ base: 'sm', md: 'md' }}
        >
          {children}
        </chakra.p>
      ) : null}
    </Box>
  )
}

/** A product illustration below the fold: fixed box, lazy, decorative (the tile's text names it). */
export function Illustration({ src, priority = false }: { src: string; priority?: boolean }) {
  return (
    <chakra.img
      src={src}
      alt=""
      width={400}
      height={500}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      display="block"
      w="full"
      h="full"
      objectFit="cover"
      transition="transform 400ms ease"
    />
  )
}
