import { chakra } from '@chakra-ui/react/styled-system'
import { useId, useState, type KeyboardEvent } from 'react'
import { formatPrice, type Currency } from '@/lib/money'

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
    <chakra.div display="grid" gap="2">
      <chakra.label htmlFor={`${id}-input`} fontSize="sm" fontWeight="semibold" color="brand.ink">
        Discount code
      </chakra.label>
      <chakra.div display="flex" gap="2">
        <chakra.input
          id={`${id}-input`}
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
          flex="1"
          minW="0"
          h="11"
          px="3"
          fontSize="md"
          bg="white"
          borderWidth="1px"
          borderColor="brand.line"
          borderRadius="sm"
          textTransform="uppercase"
          _focusVisible={{ outline: '2px solid', outlineColor: 'brand.ink', outlineOffset: '1px' }}
        />
        <chakra.button
          type="button"
          onClick={apply}
          h="11"
          px="4"
          fontSize="sm"
          fontWeight="semibold"
          bg="brand.ink"
          color="white"
          borderRadius="sm"
          _hover={{ bg: 'brand.charcoal' }}
          _focusVisible={{ outline: '2px solid', outlineColor: 'brand.gold', outlineOffset: '2px' }}
        >
          Apply
        </chakra.button>
      </chakra.div>
      {message ? (
        <chakra.p id={`${id}-error`} role="alert" fontSize="sm" color="brand.sale">
          {message}
        </chakra.p>
      ) : null}
      {codes.length > 0 ? (
        <chakra.ul
          listStyleType="none"
          display="grid"
          gap="1.5"
          aria-label="Discount codes"
          aria-busy={checking}
        >
          {codes.map((code) => {
            const saving = applied.find((a) => a.code === code)
            return (
              <chakra.li
                key={code}
                display="flex"
                alignItems="center"
                justifyContent="space-between"
                gap="2"
                fontSize="sm"
                px="2.5"
                py="1.5"
                bg="brand.cream"
                borderRadius="sm"
              >
                <chakra.span fontWeight="semibold" letterSpacing="0.04em">
                  {code}
                </chakra.span>
                <chakra.span display="flex" alignItems="center" gap="2">
                  <chakra.span
                    color={saving ? 'brand.kenyaGreen' : 'brand.muted'}
                    fontVariantNumeric="tabular-nums"
                  >
                    {saving
                      ? `−${formatPrice(saving.amount, currency)}`
                      : checking
                        ? 'Checking…'
                        : 'Not applied'}
                  </chakra.span>
                  <chakra.button
                    type="button"
                    onClick={() => onRemove(code)}
                    aria-label={`Remove code ${code}`}
                    minH="8"
                    px="2"
                    textDecoration="underline"
                    _focusVisible={{ outline: '2px solid', outlineColor: 'brand.ink' }}
                  >
                    Remove
                  </chakra.button>
                </chakra.span>
              </chakra.li>
            )
          })}
        </chakra.ul>
      ) : null}
    </chakra.div>
  )
}
