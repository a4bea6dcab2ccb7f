import { Heading } from '@chakra-ui/react/heading'

/** Placeholder until its feature lands. */
export function ProductPage({ slugOrId }: { slugOrId: string }) {
  return <Heading as="h1">{slugOrId}</Heading>
}
