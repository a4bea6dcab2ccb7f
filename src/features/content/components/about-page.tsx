import { Heading } from '@chakra-ui/react/heading'

/** Placeholder until its feature lands. */
export function AboutPage() {
  return <Heading as="h1">AboutPage</Heading>
}
