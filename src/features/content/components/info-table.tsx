import { Box } from '@chakra-ui/react/box'
import { chakra } from '@chakra-ui/react/styled-system'
import type { ReactNode } from 'react'

/**
 * A plain, accessible table (caption, column and row headers) that scrolls sideways inside its own box
 * on a narrow phone instead of widening the page.
 */
export function InfoTable({
  caption,
  columns,
  rows,
}: {
  caption: string
  columns: readonly string[]
  /** The first cell of each row is its header. */
  rows: readonly (readonly ReactNode[])[]
}) {
  return (
    <Box
      overflowX="auto"
      borderWidth="1px"
      borderColor="brand.line"
      my="6"
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <chakra.table width="100%" borderCollapse="collapse" fontSize={{ base: 'sm', md: 'md' }}>
        <chakra.caption
          textAlign="left"
          px="4"
          py="3"
          fontWeight="semibold"
          color="brand.ink"
          bg="brand.cream"
          borderBottomWidth="1px"
          borderColor="brand.line"
        >
          {caption}
        </chakra.caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <chakra.th
                key={column}
                scope="col"
                textAlign="left"
                px="4"
                py="2.5"
                fontWeight="semibold"
                whiteSpace="nowrap"
                borderBottomWidth="1px"
                borderColor="brand.line"
              >
                {column}
              </chakra.th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <chakra.tr key={i} _even={{ bg: 'brand.cream' }}>
              {row.map((cell, j) =>
                j === 0 ? (
                  <chakra.th
                    key={j}
                    scope="row"
                    textAlign="left"
                    px="4"
                    py="2.5"
                    fontWeight="medium"
                    whiteSpace="nowrap"
                  >
                    {cell}
                  </chakra.th>
                ) : (
                  <chakra.td key={j} px="4" py="2.5" whiteSpace="nowrap">
                    {cell}
                  </chakra.td>
                ),
              )}
            </chakra.tr>
          ))}
        </tbody>
      </chakra.table>
    </Box>
  )
}
