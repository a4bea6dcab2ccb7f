import { Heading } from '@chakra-ui/react/heading'

/** Placeholder until its feature lands. */
export function ReturnsPage() {
  return <Heading as="h1">ReturnsPage</Heading>
}
