import { Heading } from '@chakra-ui/react/heading'

/** Placeholder until its feature lands. */
export function AdminOverviewPage() {
  return <Heading as="h1">AdminOverviewPage</Heading>
}
