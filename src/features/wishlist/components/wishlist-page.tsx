import { Heading } from '@chakra-ui/react/heading'

/** Placeholder until its feature lands. */
export function WishlistPage() {
  return <Heading as="h1">WishlistPage</Heading>
}
