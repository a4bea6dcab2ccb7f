import { Heading } from '@chakra-ui/react/heading'

/** Placeholder until its feature lands. */
export function BrandsPage() {
  return <Heading as="h1">BrandsPage</Heading>
}
