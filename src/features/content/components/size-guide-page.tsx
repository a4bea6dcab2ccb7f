import { Heading } from '@chakra-ui/react/heading'

/** Placeholder until its feature lands. */
export function SizeGuidePage() {
  return <Heading as="h1">SizeGuidePage</Heading>
}
