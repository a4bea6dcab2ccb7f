import { useCallback, useEffect, useRef, useState } from 'react'
import { quoteOrder, type QuoteExtras } from './api/checkout-api'
import { CheckoutError } from './api/checkout-error'
import type { DeliveryInput, OrderItemInput, Quote } from './checkout-types'

export type QuoteStatus = 'idle' | 'loading' | 'ready' | 'unavailable'

export interface QuoteState {
  status: QuoteStatus
  quote: Quote | null
  /** A line the server refused outright (e.g. a quantity over 99), by position. */
  invalidLine: { line: number; message: string } | null
  refresh: () => void
}

const DEBOUNCE_MS = 250

/**
 * The database's price of the cart (and the delivery fee once the method and county are known), asked
 * again whenever they change or the connection comes back. While offline the last quote stays.
 */
export function useQuote(
  items: OrderItemInput[],
  delivery: DeliveryInput | undefined,
  online: boolean,
  extras: QuoteExtras = {},
): QuoteState {
  const key = JSON.stringify({ items, delivery, extras })
  const [state, setState] = useState<Omit<QuoteState, 'refresh'>>({
    status: 'idle',
    quote: null,
    invalidLine: null,
  })
  const [generation, setGeneration] = useState(0)
  const latest = useRef(0)

  useEffect(() => {
    if (items.length === 0 || !online) return
    const request = ++latest.current
    const timer = window.setTimeout(() => {
      setState((previous) => ({ ...previous, status: 'loading' }))
      quoteOrder(items, delivery, extras).then(
        (quote) => {
          if (request === latest.current) setState({ status: 'ready', quote, invalidLine: null })
        },
        (error: unknown) => {
          if (request !== latest.current) return
          const invalidLine =
            error instanceof CheckoutError && error.kind === 'invalid' && error.line !== undefined
              ? { line: error.line, message: error.message }
              : null
          setState((previous) => ({ ...previous, status: 'unavailable', invalidLine }))
        },
      )
    }, DEBOUNCE_MS)
    return () => window.clearTimeout(timer)
    // `key` stands for items, delivery and extras (new objects on every render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, online, generation])

  const refresh = useCallback(() => setGeneration((n) => n + 1), [])
  return { ...state, refresh }
}
