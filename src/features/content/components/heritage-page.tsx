import { Heading } from '@chakra-ui/react/heading'

/** Placeholder until its feature lands. */
export function HeritagePage() {
  return <Heading as="h1">HeritagePage</Heading>
}
