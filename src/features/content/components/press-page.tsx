import { Heading } from '@chakra-ui/react/heading'

/** Placeholder until its feature lands. */
export function PressPage() {
  return <Heading as="h1">PressPage</Heading>
}
