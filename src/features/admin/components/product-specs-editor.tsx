import { Input } from '@chakra-ui/react/input'
import { chakra } from '@chakra-ui/react/styled-system'
import { specKeys, specLabels, specMaxLength, type SpecKey } from '@/lib/product-specs'
import type { ProductDraft } from '../product-form'
import { Label } from './admin-ui'

const hints: Record<SpecKey, string> = {
  reference: 'e.g. 126610LN',
  case: 'e.g. Oystersteel, 41 mm, water-resistant to 300 m',
  movement: 'e.g. Automatic, calibre 3235, 70-hour power reserve',
  box_papers: 'e.g. Full set: box, papers and warranty card',
  warranty: 'e.g. 5-year international manufacturer warranty',
  authenticity: 'e.g. Checked by our watchmaker; certificate included',
}

/**
 * The specifications table shoppers see on a watch or a piece of jewellery, one box per line; an empty
 * box is a line not shown. `firstId` goes on the first box, so a refused save can focus it.
 */
export function ProductSpecsEditor({
  specs,
  firstId,
  error,
  onChange,
}: {
  specs: ProductDraft['specs']
  firstId: string
  error?: string
  onChange: (specs: ProductDraft['specs']) => void
}) {
  const errorId = `${firstId}-error`
  return (
    <chakra.fieldset display="grid" gap="3" minW="0" aria-describedby={error ? errorId : undefined}>
      <chakra.legend fontWeight="medium" fontSize="sm" mb="1">
        Specifications
      </chakra.legend>
      <chakra.p fontSize="xs" color="brand.muted" mt="-1">
        Shown as a table on the product page. Leave a line empty to leave it out.
      </chakra.p>
      {specKeys.map((key, index) => {
        const id = index === 0 ? firstId : `${firstId}-${key}`
        return (
          <div key={key}>
            <Label htmlFor={id}>{specLabels[key]}</Label>
            <Input
              id={id}
              value={specs[key]}
              maxLength={specMaxLength}
              placeholder={hints[key]}
              onChange={(e) => onChange({ ...specs, [key]: e.target.value })}
              aria-invalid={error ? true : undefined}
            />
          </div>
        )
      })}
      {error ? (
        <chakra.p id={errorId} fontSize="sm" color="brand.sale">
          {error}
        </chakra.p>
      ) : null}
    </chakra.fieldset>
  )
}
