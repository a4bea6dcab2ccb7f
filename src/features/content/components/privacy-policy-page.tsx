import { Heading } from '@chakra-ui/react/heading'

/** Placeholder until its feature lands. */
export function PrivacyPolicyPage() {
  return <Heading as="h1">PrivacyPolicyPage</Heading>
}
