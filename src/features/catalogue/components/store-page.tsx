import { Heading } from '@chakra-ui/react/heading'

/** Placeholder until its feature lands. */
export function StorePage(_props: { store: string }) {
  return <Heading as="h1">StorePage</Heading>
}
