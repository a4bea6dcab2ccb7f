import { Heading } from '@chakra-ui/react/heading'

/** Placeholder until its feature lands. */
export function AdminAffiliatesPage() {
  return <Heading as="h1">AdminAffiliatesPage</Heading>
}
