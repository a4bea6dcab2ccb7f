import { Box } from '@chakra-ui/react/box'
import { Flex } from '@chakra-ui/react/flex'
import { Heading } from '@chakra-ui/react/heading'
import { chakra } from '@chakra-ui/react/styled-system'
import { Text } from '@chakra-ui/react/text'
import { Link } from '@tanstack/react-router'
import { Fragment, type ReactNode } from 'react'

export interface Crumb {
  label: string
  to?: string
}

/** Breadcrumbs, an eyebrow, the page's h1 and a line of introduction. */
export function PageHero({
  title,
  eyebrow,
  intro,
  crumbs = [],
  children,
}: {
  title: ReactNode
  eyebrow?: string
  intro?: ReactNode
  crumbs?: Crumb[]
  children?: ReactNode
}) {
  return (
    <Box bg="brand.cream" borderBottomWidth="1px" borderColor="brand.line">
      <Box maxW="7xl" mx="auto" px={{ base: '4', lg: '8' }} py={{ base: '6', md: '10' }}>
        {crumbs.length > 0 ? (
          <chakra.nav aria-label="Breadcrumb" mb={{ base: '3', md: '4' }}>
            <Flex
              as="ol"
              listStyleType="none"
              wrap="wrap"
              gap="2"
              fontSize="xs"
              color="brand.muted"
            >
              {crumbs.map((crumb, index) => (
                <Fragment key={`${crumb.label}-${index}`}>
                  {index > 0 ? (
                    <chakra.li aria-hidden="true" color="brand.line">
                      /
                    </chakra.li>
                  ) : null}
                  <chakra.li>
                    {crumb.to ? (
                      <Link to={crumb.to}>
                        <chakra.span _hover={{ color: 'brand.ink', textDecoration: 'underline' }}>
                          {crumb.label}
                        </chakra.span>
                      </Link>
                    ) : (
                      <chakra.span aria-current="page" color="brand.ink">
                        {crumb.label}
                      </chakra.span>
                    )}
                  </chakra.li>
                </Fragment>
              ))}
            </Flex>
          </chakra.nav>
        ) : null}
        {eyebrow ? (
          <Text
            fontSize="xs"
            letterSpacing="0.22em"
            textTransform="uppercase"
            color="brand.gold"
            fontWeight="semibold"
            mb="2"
          >
            {eyebrow}
          </Text>
        ) : null}
        <Heading
          as="h1"
          fontFamily="heading"
          fontWeight="normal"
          fontSize={{ base: '3xl', md: '5xl' }}
          lineHeight="1.1"
          color="brand.ink"
        >
          {title}
        </Heading>
        {intro ? (
          <Text mt="3" color="brand.muted" maxW="2xl" fontSize={{ base: 'sm', md: 'md' }}>
            {intro}
          </Text>
        ) : null}
        {children}
      </Box>
    </Box>
  )
}
