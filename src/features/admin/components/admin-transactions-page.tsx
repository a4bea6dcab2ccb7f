import { Heading } from '@chakra-ui/react/heading'

/** Placeholder until its feature lands. */
export function AdminTransactionsPage() {
  return <Heading as="h1">AdminTransactionsPage</Heading>
}
