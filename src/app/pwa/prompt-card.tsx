import { Box } from '@chakra-ui/react/box'
import { chakra } from '@chakra-ui/react/styled-system'
import type { ComponentProps, ReactNode } from 'react'

/** The small ink card every PWA prompt uses: never modal, never covering the page's content. */
export function PromptCard({
  children,
  ...rest
}: { children: ReactNode } & ComponentProps<typeof Box>) {
  return (
    <Box
      pointerEvents="auto"
      bg="brand.ink"
      color="white"
      borderWidth="1px"
      borderColor="brand.goldLight"
      borderRadius="md"
      boxShadow="lg"
      px="4"
      py="3"
      fontSize="sm"
      {...rest}
    >
      {children}
    </Box>
  )
}

/** A prompt's button; `primary` is the gold one. */
export const PromptButton = chakra('button', {
  base: {
    minH: '10',
    px: '4',
    fontSize: 'xs',
    fontWeight: 'semibold',
    letterSpacing: '0.12em',
    textTransform: 'uppercase',
    borderRadius: 'sm',
    cursor: 'pointer',
    borderWidth: '1px',
    borderColor: 'brand.goldLight',
    bg: 'transparent',
    color: 'white',
    _hover: { bg: 'whiteAlpha.200' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.goldLight', outlineOffset: '2px' },
  },
  variants: {
    primary: {
      true: { bg: 'brand.goldLight', color: 'brand.ink', _hover: { bg: '#e2c572' } },
    },
  },
})
