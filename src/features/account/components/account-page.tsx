import { Heading } from '@chakra-ui/react/heading'

/** Placeholder until its feature lands. */
export function AccountPage() {
  return <Heading as="h1">AccountPage</Heading>
}
