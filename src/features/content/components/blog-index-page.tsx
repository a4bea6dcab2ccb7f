import { Heading } from '@chakra-ui/react/heading'

/** Placeholder until its feature lands. */
export function BlogIndexPage() {
  return <Heading as="h1">BlogIndexPage</Heading>
}
