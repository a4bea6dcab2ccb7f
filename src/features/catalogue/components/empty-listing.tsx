import { Box } from '@chakra-ui/react/box'
import { Flex } from '@chakra-ui/react/flex'
import { Heading } from '@chakra-ui/react/heading'
import { chakra } from '@chakra-ui/react/styled-system'
import { Text } from '@chakra-ui/react/text'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { browseLinks } from './button-styles'

/** Nothing to list: the filters exclude everything, the collection is empty, or it does not exist. */
export function EmptyListing({
  title,
  text,
  action,
}: {
  title: string
  text: string
  action?: ReactNode
}) {
  return (
    <Box textAlign="center" py={{ base: '12', md: '20' }} px="4" bg="brand.cream">
      <Heading as="h2" fontFamily="heading" fontWeight="normal" fontSize="2xl">
        {title}
      </Heading>
      <Text color="brand.muted" mt="2" maxW="md" mx="auto">
        {text}
      </Text>
      {action ? <Box mt="5">{action}</Box> : null}
      <Flex as="ul" listStyleType="none" wrap="wrap" justify="center" gap="4" mt="6" fontSize="sm">
        {browseLinks.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>
              <chakra.span textDecoration="underline" textUnderlineOffset="3px">
                {link.label}
              </chakra.span>
            </Link>
          </li>
        ))}
      </Flex>
    </Box>
  )
}
