import { chakra } from '@chakra-ui/react/styled-system'

/** The first stop for keyboard users: jumps past the header to the page's main content. */
export function SkipLink({ target = 'main' }: { target?: string }) {
  return (
    <chakra.a
      href={`#${target}`}
      position="absolute"
      top="2"
      insetStart="2"
      zIndex="skipNav"
      px="4"
      py="3"
      bg="brand.ink"
      color="white"
      fontWeight="semibold"
      borderRadius="sm"
      transform="translateY(-200%)"
      _focusVisible={{ transform: 'translateY(0)' }}
      onClick={() => {
        // Move focus as well as scroll, so the next Tab starts inside the content.
        const element = document.getElementById(target)
        element?.focus({ preventScroll: true })
      }}
    >
      Skip to main content
    </chakra.a>
  )
}
