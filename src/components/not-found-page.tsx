import { Box } from '@chakra-ui/react/box'
import { Flex } from '@chakra-ui/react/flex'
import { chakra } from '@chakra-ui/react/styled-system'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { buttonLinkStyle } from './button-link'

/** Any path the app does not know. `search` is the search box, passed in by the shell. */
export function NotFoundPage({ search }: { search?: ReactNode }) {
  return (
    <Box maxW="2xl" mx="auto" px="5" py={{ base: '16', md: '24' }} textAlign="center">
      <chakra.p fontSize="xs" letterSpacing="0.3em" color="brand.gold" fontWeight="semibold">
        404
      </chakra.p>
      <chakra.h1 mt="3" fontFamily="heading" fontSize={{ base: '3xl', md: '4xl' }}>
        Page not found
      </chakra.h1>
      <chakra.p mt="4" color="brand.muted">
        The page you are looking for has moved or no longer exists. Try a search, or start again
        from our home page.
      </chakra.p>
      {search ? (
        <Box mt="8" maxW="md" mx="auto" textAlign="start">
          {search}
        </Box>
      ) : null}
      <Flex mt="8" gap="3" justify="center" wrap="wrap">
        <Link to="/">
          <chakra.span css={buttonLinkStyle('solid')}>Back to home</chakra.span>
        </Link>
        <Link to="/products">
          <chakra.span css={buttonLinkStyle('outline')}>Browse all products</chakra.span>
        </Link>
      </Flex>
    </Box>
  )
}
