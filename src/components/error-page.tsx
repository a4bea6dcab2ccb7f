import { Heading } from '@chakra-ui/react/heading'

/** The generic page for an uncaught rendering error (spec §8). */
export function ErrorPage() {
  return <Heading as="h1">Unexpected Application Error!</Heading>
}
