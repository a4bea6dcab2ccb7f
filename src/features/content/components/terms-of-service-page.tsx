import { Heading } from '@chakra-ui/react/heading'

/** Placeholder until its feature lands. */
export function TermsOfServicePage() {
  return <Heading as="h1">TermsOfServicePage</Heading>
}
