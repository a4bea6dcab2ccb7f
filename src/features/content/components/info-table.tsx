import type { ReactNode } from 'react'
import './info-table.css'

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
    <div className="info-table" tabIndex={0} role="region" aria-label={caption}>
      <table className="info-table__table">
        <caption className="info-table__caption">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="info-table__cell info-table__cell--column">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i} className="info-table__row">
              {row.map((cell, j) =>
                j === 0 ? (
                  <th key={j} scope="row" className="info-table__cell info-table__cell--row">
                    {cell}
                  </th>
                ) : (
                  <td key={j} className="info-table__cell">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
