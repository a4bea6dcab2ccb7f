import { Heading } from '@chakra-ui/react/heading'

/** Placeholder until its feature lands. */
export function AuthPage() {
  return <Heading as="h1">AuthPage</Heading>
}
