import { Heading } from '@chakra-ui/react/heading'

/** Placeholder until its feature lands. */
export function HomePage() {
  return <Heading as="h1">HomePage</Heading>
}
