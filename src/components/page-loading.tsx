import { Box } from '@chakra-ui/react/box'
import { Center } from '@chakra-ui/react/center'
import { chakra } from '@chakra-ui/react/styled-system'
import { VisuallyHidden } from './visually-hidden'

/**
 * The fallback while a lazily loaded page arrives: a thin gold line that sweeps under the header, with
 * room reserved below it so the page does not jump when it lands.
 */
export function PageLoading() {
  return (
    <Center
      minH="60vh"
      role="status"
      aria-live="polite"
      aria-label="Loading page"
      flexDirection="column"
      gap="4"
    >
      <Box w="8rem" h="2px" bg="brand.line" overflow="hidden" position="relative">
        <chakra.span
          position="absolute"
          insetY="0"
          w="40%"
          bg="brand.gold"
          animation="page-loading-sweep 1s ease-in-out infinite"
        />
      </Box>
      <VisuallyHidden>Loading page</VisuallyHidden>
    </Center>
  )
}
