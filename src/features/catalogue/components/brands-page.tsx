import { Box } from '@chakra-ui/react/box'
import { Flex } from '@chakra-ui/react/flex'
import { Grid } from '@chakra-ui/react/grid'
import { Heading } from '@chakra-ui/react/heading'
import { chakra } from '@chakra-ui/react/styled-system'
import { Text } from '@chakra-ui/react/text'
import { Link } from '@tanstack/react-router'
import { useMemo, type ReactNode } from 'react'
import { paths } from '@/config/paths'
import type { Brand } from '../types'
import { useCatalogue } from '../use-catalogue'
import { BrandCard } from './brand-card'
import { CatalogueProblem } from './catalogue-notice'
import { PageHero } from './page-hero'

function Section({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  return (
    <Box as="section" aria-label={title} py={{ base: '8', md: '12' }}>
      <Flex align="baseline" justify="space-between" gap="4" mb="5">
        <Heading
          as="h2"
          fontFamily="heading"
          fontWeight="normal"
          fontSize={{ base: 'xl', md: '2xl' }}
        >
          {title}
        </Heading>
        {note ? (
          <Text fontSize="sm" color="brand.muted">
            {note}
          </Text>
        ) : null}
      </Flex>
      {children}
    </Box>
  )
}

function BrandGrid({ brands, loading }: { brands: Brand[]; loading: boolean }) {
  return (
    <Grid
      as="ul"
      listStyleType="none"
      templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }}
      gap={{ base: '3', md: '5' }}
    >
      {loading
        ? Array.from({ length: 6 }, (_, index) => (
            <Box as="li" key={index} h="44" bg="brand.cream" aria-hidden="true" />
          ))
        : brands.map((brand) => (
            <li key={brand.slug}>
              <BrandCard brand={brand} />
            </li>
          ))}
    </Grid>
  )
}

/** /brands: the twelve watch brands (luxury houses, then smart brands), then the fashion labels. */
export function BrandsPage() {
  const catalogue = useCatalogue()
  const loading = catalogue.status === 'loading'
  const luxury = catalogue.brands.filter((brand) => brand.kind === 'luxury')
  const smart = catalogue.brands.filter((brand) => brand.kind === 'smart')
  const fashion = useMemo(() => {
    const counts = new Map<string, number>()
    for (const product of catalogue.products) {
      if (!product.brand || product.category.endsWith('watches')) continue
      counts.set(product.brand, (counts.get(product.brand) ?? 0) + 1)
    }
    return [...counts].sort((a, b) => a[0].localeCompare(b[0]))
  }, [catalogue.products])

  return (
    <>
      <PageHero
        title="Brands"
        eyebrow="Designer brands"
        intro="Swiss watch houses, the smart watches Kenyans wear, and the fashion labels, from Paris to Nairobi, that we stock."
        crumbs={[{ label: 'Home', to: paths.home }, { label: 'Brands' }]}
      />
      <Box maxW="7xl" mx="auto" px={{ base: '4', lg: '8' }}>
        {catalogue.status === 'error' || catalogue.status === 'offline-empty' ? (
          <Box py="10">
            <CatalogueProblem catalogue={catalogue} />
          </Box>
        ) : (
          <>
            <Section title="Luxury Watch Houses" note="Heritage">
              <BrandGrid brands={luxury} loading={loading} />
            </Section>
            <Section title="Smart Watch Brands" note="Tier">
              <BrandGrid brands={smart} loading={loading} />
            </Section>
            <Section title="Fashion Brands">
              <Flex as="ul" listStyleType="none" wrap="wrap" gap="2">
                {fashion.map(([name, count]) => (
                  <li key={name}>
                    <Link to={paths.products} search={{ brand: name } as never}>
                      <chakra.span
                        display="inline-flex"
                        alignItems="center"
                        gap="2"
                        minH="11"
                        px="4"
                        borderWidth="1px"
                        borderColor="brand.line"
                        bg="white"
                        fontSize="sm"
                        _hover={{ borderColor: 'brand.ink' }}
                      >
                        {name}
                        <chakra.span color="brand.muted" fontSize="xs">
                          {count}
                        </chakra.span>
                      </chakra.span>
                    </Link>
                  </li>
                ))}
              </Flex>
            </Section>
          </>
        )}
      </Box>
    </>
  )
}
