import { Heading } from '@chakra-ui/react/heading'
import type { BrandSlug } from '@/config/paths'

/** Placeholder until its feature lands. */
export function BrandPage({ slug }: { slug: BrandSlug }) {
  return <Heading as="h1">{slug}</Heading>
}
