import { Heading } from '@chakra-ui/react/heading'

/** Placeholder until its feature lands. */
export function CheckoutPage() {
  return <Heading as="h1">CheckoutPage</Heading>
}
