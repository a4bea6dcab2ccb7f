import type { ReactNode } from 'react'
import { swatchFor } from './colour-swatch'
import './option-picker.css'

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
    <fieldset className="option-picker" aria-describedby={problem ? problemId : undefined}>
      <legend className="option-picker__legend">
        {legend}
        {value ? <span className="option-picker__value">{`: ${value}`}</span> : null}
      </legend>
      {aside ? <div className="option-picker__aside">{aside}</div> : null}
      <div className="option-picker__options">
        {options.map((option) => {
          const unavailable = soldOut.includes(option)
          const checked = option === value && !unavailable
          const className = [
            'option-picker__option',
            kind === 'colour' && 'option-picker__option--colour',
            problem && 'option-picker__option--problem',
            checked && 'option-picker__option--checked',
            unavailable && 'option-picker__option--sold-out',
          ]
            .filter(Boolean)
            .join(' ')
          return (
            <label key={option} className={className} title={unavailable ? 'Sold out' : undefined}>
              <input
                type="radio"
                className="option-picker__input"
                name={name}
                value={option}
                checked={checked}
                disabled={unavailable}
                aria-label={unavailable ? `${option}, Sold out` : undefined}
                onChange={() => onChange(option)}
              />
              {kind === 'colour' ? (
                <span
                  aria-hidden="true"
                  className="option-picker__swatch"
                  style={{ background: swatchFor(option) }}
                />
              ) : null}
              {option}
            </label>
          )
        })}
      </div>
      {problem ? (
        <p id={problemId} role="alert" className="option-picker__problem">
          {problem}
        </p>
      ) : null}
    </fieldset>
  )
}
