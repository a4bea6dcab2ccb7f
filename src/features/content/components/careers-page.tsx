import { Heading } from '@chakra-ui/react/heading'

/** Placeholder until its feature lands. */
export function CareersPage() {
  return <Heading as="h1">CareersPage</Heading>
}
