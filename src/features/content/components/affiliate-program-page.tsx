import { Heading } from '@chakra-ui/react/heading'

/** Placeholder until its feature lands. */
export function AffiliateProgramPage() {
  return <Heading as="h1">AffiliateProgramPage</Heading>
}
