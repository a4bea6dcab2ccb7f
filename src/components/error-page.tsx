import { Box } from '@chakra-ui/react/box'
import { Flex } from '@chakra-ui/react/flex'
import { chakra } from '@chakra-ui/react/styled-system'
import { buttonLinkStyle } from './button-link'

/**
 * The generic page for an uncaught rendering error. It uses plain elements and a full page
 * load, not the router, because the router itself may be what failed.
 */
export function ErrorPage({ error }: { error?: unknown }) {
  const detail = import.meta.env.DEV && error instanceof Error ? error.message : undefined
  return (
    <Box role="alert" maxW="2xl" mx="auto" px="5" py={{ base: '16', md: '24' }} textAlign="center">
      <chakra.h1 fontFamily="heading" fontSize={{ base: '2xl', md: '4xl' }}>
        Unexpected Application Error!
      </chakra.h1>
      <chakra.p mt="4" color="brand.muted">
        Something went wrong while showing this page. Your cart and wishlist are safe on this
        device.
      </chakra.p>
      {detail ? (
        <chakra.pre mt="4" fontSize="xs" whiteSpace="pre-wrap" color="brand.sale">
          {detail}
        </chakra.pre>
      ) : null}
      <Flex mt="8" gap="3" justify="center" wrap="wrap">
        <chakra.button
          type="button"
          onClick={() => window.location.reload()}
          css={buttonLinkStyle('solid')}
        >
          Reload page
        </chakra.button>
        <chakra.a href="/" css={buttonLinkStyle('outline')}>
          Go to home
        </chakra.a>
      </Flex>
    </Box>
  )
}
