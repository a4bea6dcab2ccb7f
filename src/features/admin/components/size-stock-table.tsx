import { Box } from '@chakra-ui/react/box'
import { Input } from '@chakra-ui/react/input'
import { chakra } from '@chakra-ui/react/styled-system'
import { sizeStockText, sizeStockTotal, type ProductDraft } from '../product-form'
import { Table } from './admin-ui'

/**
 * Stock per size for a product with sizes: a switch between one number and a count per size, and then a
 * small table of size → stock with their total (which becomes the product's stock). `firstId` goes on
 * the first size's box, so a refused save can focus it.
 */
export function SizeStockTable({
  draft,
  firstId,
  error,
  onChange,
}: {
  draft: Pick<ProductDraft, 'sizes' | 'sizeStock' | 'bySize'>
  firstId: string
  error?: string
  onChange: (changes: Pick<ProductDraft, 'bySize'> | Pick<ProductDraft, 'sizeStock'>) => void
}) {
  const total = sizeStockTotal(draft)
  const errorId = `${firstId}-error`
  return (
    <chakra.fieldset display="grid" gap="2" minW="0">
      <chakra.legend fontWeight="medium" fontSize="sm" mb="1">
        Stock per size
      </chakra.legend>
      <chakra.label display="flex" alignItems="center" gap="2" minH="8" cursor="pointer">
        <chakra.input
          type="checkbox"
          checked={draft.bySize}
          onChange={(e) => onChange({ bySize: e.target.checked })}
          boxSize="4"
          accentColor="#111111"
        />
        Count stock per size (shoppers cannot buy a size that is sold out)
      </chakra.label>
      {draft.bySize ? (
        <Box maxW="20rem">
          <Table aria-label="Stock per size">
            <thead>
              <tr>
                <th scope="col">Size</th>
                <th scope="col" data-numeric="">
                  In stock
                </th>
              </tr>
            </thead>
            <tbody>
              {draft.sizes.map((size, index) => (
                <tr key={size}>
                  <th scope="row">{size}</th>
                  <td data-numeric="">
                    <Input
                      id={index === 0 ? firstId : undefined}
                      aria-label={`Stock of size ${size}`}
                      inputMode="numeric"
                      size="sm"
                      textAlign="end"
                      value={sizeStockText(draft, size)}
                      onChange={(e) =>
                        onChange({ sizeStock: { ...draft.sizeStock, [size]: e.target.value } })
                      }
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? errorId : undefined}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                <td data-numeric="" aria-live="polite">
                  {total ?? '–'}
                </td>
              </tr>
            </tfoot>
          </Table>
        </Box>
      ) : null}
      {error ? (
        <chakra.p id={errorId} fontSize="sm" color="brand.sale">
          {error}
        </chakra.p>
      ) : null}
    </chakra.fieldset>
  )
}
