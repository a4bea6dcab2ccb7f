import { Heading } from '@chakra-ui/react/heading'

/** Placeholder until its feature lands. */
export function AdminPayoutsPage() {
  return <Heading as="h1">AdminPayoutsPage</Heading>
}
