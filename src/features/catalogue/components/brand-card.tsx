import { Box } from '@chakra-ui/react/box'
import { Flex } from '@chakra-ui/react/flex'
import { chakra } from '@chakra-ui/react/styled-system'
import { Text } from '@chakra-ui/react/text'
import { Link } from '@tanstack/react-router'
import { ArrowRightIcon } from '@/components/icons'
import type { Brand } from '../types'

function monogram(name: string): string {
  return name
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0))
    .join('')
    .toUpperCase()
}

/** A watch brand: monogram, name, heritage (luxury) or tier (smart), country; links to its page. */
export function BrandCard({ brand }: { brand: Brand }) {
  const detail = brand.kind === 'luxury' ? brand.heritage : brand.tier
  return (
    <Link
      to="/brands/$brand"
      params={{ brand: brand.slug }}
      aria-label={`${brand.name}, ${detail}`}
    >
      <Flex
        className="group"
        direction="column"
        h="full"
        p={{ base: '4', md: '5' }}
        bg="white"
        borderWidth="1px"
        borderColor="brand.line"
        transition="border-color 150ms, box-shadow 150ms"
        _hover={{ borderColor: 'brand.gold', boxShadow: 'sm' }}
      >
        <Flex align="center" gap="3">
          <Flex
            aria-hidden="true"
            boxSize="11"
            flexShrink={0}
            align="center"
            justify="center"
            borderRadius="full"
            bg={brand.kind === 'luxury' ? 'brand.ink' : 'brand.ivory'}
            color={brand.kind === 'luxury' ? 'brand.goldLight' : 'brand.ink'}
            fontFamily="heading"
            fontSize="sm"
          >
            {monogram(brand.name)}
          </Flex>
          <Box minW="0">
            <Text fontFamily="heading" fontSize="lg" lineClamp={1}>
              {brand.name}
            </Text>
            <Text
              fontSize="2xs"
              letterSpacing="0.16em"
              textTransform="uppercase"
              color="brand.gold"
              fontWeight="semibold"
            >
              {detail}
            </Text>
          </Box>
        </Flex>
        {/* Three lines held: the story arrives with the catalogue's details, after the first render. */}
        <Text fontSize="sm" color="brand.muted" mt="3" lineClamp={3} flex="1" minH="3lh">
          {brand.description}
        </Text>
        <Flex align="center" justify="space-between" mt="4" fontSize="xs" color="brand.muted">
          <span>{brand.country}</span>
          <chakra.span
            display="inline-flex"
            alignItems="center"
            gap="1"
            color="brand.ink"
            fontWeight="semibold"
            letterSpacing="0.12em"
            textTransform="uppercase"
            _groupHover={{ gap: '2' }}
            transition="gap 150ms"
          >
            Discover <ArrowRightIcon size={14} />
          </chakra.span>
        </Flex>
      </Flex>
    </Link>
  )
}
