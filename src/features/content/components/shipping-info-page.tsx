import { Heading } from '@chakra-ui/react/heading'

/** Placeholder until its feature lands. */
export function ShippingInfoPage() {
  return <Heading as="h1">ShippingInfoPage</Heading>
}
