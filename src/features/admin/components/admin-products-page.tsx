import { Heading } from '@chakra-ui/react/heading'

/** Placeholder until its feature lands. */
export function AdminProductsPage() {
  return <Heading as="h1">AdminProductsPage</Heading>
}
