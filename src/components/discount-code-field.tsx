import { useId, useState, type KeyboardEvent } from 'react'
import { formatPrice, type Currency } from '@/lib/money'
import './discount-code-field.css'

export interface CodeFieldApplied {
  code: string
  amount: number
}

/**
 * A discount code box: type a code and apply it (Enter works too, without submitting a surrounding
 * form), see each code that applies with its saving and remove it, and the store's reason when one
 * does not. What a code is worth is the caller's (the database's) answer.
 */
export function DiscountCodeField({
  codes,
  applied,
  refusal,
  checking,
  currency,
  onApply,
  onRemove,
}: {
  /** The codes entered. */
  codes: string[]
  applied: CodeFieldApplied[]
  refusal: { code: string; message: string } | null
  checking: boolean
  currency: Currency
  onApply: (code: string) => string | null
  onRemove: (code: string) => void
}) {
  const id = useId()
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)

  const apply = () => {
    const problem = text.trim() ? onApply(text) : 'Enter a discount code.'
    setError(problem)
    if (!problem) setText('')
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      apply()
    }
  }
  const message = error ?? refusal?.message ?? null

  return (
    <div className="code-field">
      <label htmlFor={`${id}-input`} className="code-field__label">
        Discount code
      </label>
      <div className="code-field__row">
        <input
          id={`${id}-input`}
          className="code-field__input"
          value={text}
          onChange={(event) => {
            setText(event.target.value)
            setError(null)
          }}
          onKeyDown={onKeyDown}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
        />
        <button type="button" className="code-field__apply" onClick={apply}>
          Apply
        </button>
      </div>
      {message ? (
        <p id={`${id}-error`} role="alert" className="code-field__error">
          {message}
        </p>
      ) : null}
      {codes.length > 0 ? (
        <ul className="code-field__codes" aria-label="Discount codes" aria-busy={checking}>
          {codes.map((code) => {
            const saving = applied.find((a) => a.code === code)
            return (
              <li key={code} className="code-field__code">
                <span className="code-field__name">{code}</span>
                <span
                  className={`code-field__saving${saving ? ' code-field__saving--applied' : ''}`}
                >
                  {saving
                    ? `−${formatPrice(saving.amount, currency)}`
                    : checking
                      ? 'Checking…'
                      : 'Not applied'}
                  <button
                    type="button"
                    className="code-field__remove"
                    onClick={() => onRemove(code)}
                    aria-label={`Remove code ${code}`}
                  >
                    Remove
                  </button>
                </span>
              </li>
            )
          })}
        </ul>
      ) : null}
    </div>
  )
}
