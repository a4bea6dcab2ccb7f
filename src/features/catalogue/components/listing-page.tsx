import { Heading } from '@chakra-ui/react/heading'

/** Placeholder until its feature lands. */
export function ListingPage(_props: { preset: string }) {
  return <Heading as="h1">ListingPage</Heading>
}
