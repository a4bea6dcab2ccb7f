import { Heading } from '@chakra-ui/react/heading'

/** Placeholder until its feature lands. */
export function FaqPage() {
  return <Heading as="h1">FaqPage</Heading>
}
