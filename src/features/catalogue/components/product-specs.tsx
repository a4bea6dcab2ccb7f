import { Box } from '@chakra-ui/react/box'
import { Heading } from '@chakra-ui/react/heading'
import { chakra } from '@chakra-ui/react/styled-system'
import { specRows, type ProductSpecs } from '@/lib/product-specs'

/** The specifications staff wrote for a watch or a piece of jewellery; nothing when there are none. */
export function ProductSpecsTable({ specs }: { specs: ProductSpecs | undefined }) {
  const rows = specRows(specs)
  if (rows.length === 0) return null
  return (
    <Box
      as="section"
      aria-labelledby="product-specs"
      mt="6"
      pt="5"
      borderTopWidth="1px"
      borderColor="brand.line"
    >
      <Heading
        as="h2"
        id="product-specs"
        fontFamily="heading"
        fontWeight="normal"
        fontSize="xl"
        mb="3"
      >
        Specifications
      </Heading>
      <chakra.table width="100%" fontSize="sm" borderCollapse="collapse">
        <tbody>
          {rows.map((row) => (
            <chakra.tr key={row.key} borderBottomWidth="1px" borderColor="brand.line">
              <chakra.th
                scope="row"
                textAlign="start"
                fontWeight="normal"
                color="brand.muted"
                py="2"
                pe="4"
                verticalAlign="top"
                w="40%"
              >
                {row.label}
              </chakra.th>
              <chakra.td py="2">{row.value}</chakra.td>
            </chakra.tr>
          ))}
        </tbody>
      </chakra.table>
    </Box>
  )
}
