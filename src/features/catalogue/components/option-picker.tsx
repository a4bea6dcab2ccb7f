import { Box } from '@chakra-ui/react/box'
import { Flex } from '@chakra-ui/react/flex'
import { chakra } from '@chakra-ui/react/styled-system'
import { Text } from '@chakra-ui/react/text'
import type { ReactNode } from 'react'
import { swatchFor } from './colour-swatch'

/**
 * A required choice (size or colour) as a radio group: arrow keys move between options, the legend says
 * what was chosen, and a problem ('Please choose a size') is announced beside it. Sold-out options stay
 * in view, struck through and disabled (arrow keys skip them), and say "Sold out" to screen readers.
 */
export function OptionPicker({
  legend,
  name,
  options,
  value,
  onChange,
  problem,
  kind = 'text',
  aside,
  soldOut = [],
}: {
  legend: string
  name: string
  options: readonly string[]
  value: string | undefined
  onChange: (value: string) => void
  problem?: string
  kind?: 'text' | 'colour'
  aside?: ReactNode
  soldOut?: readonly string[]
}) {
  const problemId = `${name}-problem`
  return (
    <chakra.fieldset
      position="relative"
      minW="0"
      aria-describedby={problem ? problemId : undefined}
    >
      <chakra.legend
        float="left"
        w="full"
        mb="2.5"
        fontSize="xs"
        fontWeight="semibold"
        letterSpacing="0.14em"
        textTransform="uppercase"
      >
        {legend}
        {value ? (
          <chakra.span
            fontWeight="normal"
            letterSpacing="normal"
            textTransform="none"
            color="brand.muted"
          >
            {`: ${value}`}
          </chakra.span>
        ) : null}
      </chakra.legend>
      {aside ? (
        <Box position="absolute" top="-0.5" insetEnd="0">
          {aside}
        </Box>
      ) : null}
      <Flex wrap="wrap" gap="2" clear="both">
        {options.map((option) => {
          const unavailable = soldOut.includes(option)
          const checked = option === value && !unavailable
          return (
            <chakra.label
              key={option}
              position="relative"
              display="inline-flex"
              alignItems="center"
              justifyContent="center"
              gap="2"
              minW="12"
              minH="11"
              px="3"
              borderWidth="1px"
              borderColor={checked ? 'brand.ink' : problem ? 'brand.sale' : 'brand.line'}
              bg={checked && kind === 'text' ? 'brand.ink' : 'white'}
              boxShadow={
                checked && kind === 'colour'
                  ? 'inset 0 0 0 1px var(--chakra-colors-brand-ink)'
                  : undefined
              }
              fontSize="sm"
              cursor={unavailable ? 'not-allowed' : 'pointer'}
              color={
                unavailable ? 'brand.muted' : checked && kind === 'text' ? 'white' : 'brand.ink'
              }
              borderStyle={unavailable ? 'dashed' : 'solid'}
              textDecoration={unavailable ? 'line-through' : undefined}
              title={unavailable ? 'Sold out' : undefined}
              _hover={unavailable ? undefined : { borderColor: 'brand.ink' }}
              _focusWithin={{
                outline: '2px solid',
                outlineColor: 'brand.gold',
                outlineOffset: '2px',
              }}
            >
              <chakra.input
                type="radio"
                name={name}
                value={option}
                checked={checked}
                disabled={unavailable}
                aria-label={unavailable ? `${option}, Sold out` : undefined}
                onChange={() => onChange(option)}
                position="absolute"
                inset="0"
                opacity="0"
                cursor={unavailable ? 'not-allowed' : 'pointer'}
                m="0"
              />
              {kind === 'colour' ? (
                <chakra.span
                  aria-hidden="true"
                  boxSize="4"
                  borderRadius="full"
                  borderWidth="1px"
                  borderColor="blackAlpha.300"
                  style={{ background: swatchFor(option) }}
                />
              ) : null}
              {option}
            </chakra.label>
          )
        })}
      </Flex>
      {problem ? (
        <Text id={problemId} role="alert" color="brand.sale" fontSize="sm" mt="2">
          {problem}
        </Text>
      ) : null}
    </chakra.fieldset>
  )
}
