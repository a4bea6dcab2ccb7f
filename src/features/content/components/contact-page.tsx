import { Heading } from '@chakra-ui/react/heading'

/** Placeholder until its feature lands. */
export function ContactPage() {
  return <Heading as="h1">ContactPage</Heading>
}
