import { specRows, type ProductSpecs } from '@/lib/product-specs'
import './product-specs.css'

/** The specifications staff wrote for a watch or a piece of jewellery; nothing when there are none. */
export function ProductSpecsTable({ specs }: { specs: ProductSpecs | undefined }) {
  const rows = specRows(specs)
  if (rows.length === 0) return null
  return (
    <section aria-labelledby="product-specs" className="product-specs">
      <h2 id="product-specs" className="product-specs__title">
        Specifications
      </h2>
      <table className="product-specs__table">
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              <td>{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
