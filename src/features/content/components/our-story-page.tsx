import { Heading } from '@chakra-ui/react/heading'

/** Placeholder until its feature lands. */
export function OurStoryPage() {
  return <Heading as="h1">OurStoryPage</Heading>
}
