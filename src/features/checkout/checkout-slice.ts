import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { Json } from '@/lib/database.types'
import { getSupabase } from '@/lib/supabase'
import type { AppliedCode, CodeRefusal, OrderItemInput, Quote } from './checkout-types'

/**
 * The discount codes the shopper entered (in the cart or at checkout) and what the database said
 * about them for the cart. Whether a code works and what it takes off is always the database's answer;
 * the codes themselves are only what was typed.
 */
export interface CheckoutState {
  codes: string[]
  cartQuote: {
    /** The cart and codes the answer is for. */
    key: string
    status: 'idle' | 'loading' | 'ready' | 'failed'
    applied: AppliedCode[]
    refusal: CodeRefusal | null
    codeDiscount: number
    /** What the codes take off each line, by position. */
    lineDiscounts: number[]
  }
}

export const MAX_CODES = 3
const CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{0,31}$/

/** A code as the database keeps it (capitals, no spaces), or null when it cannot be one. */
export function normalizeCode(text: string): string | null {
  const code = text.replace(/\s+/g, '').toUpperCase()
  return CODE_PATTERN.test(code) ? code : null
}

export const initialCheckoutState: CheckoutState = {
  codes: [],
  cartQuote: {
    key: '',
    status: 'idle',
    applied: [],
    refusal: null,
    codeDiscount: 0,
    lineDiscounts: [],
  },
}

export const cartQuoteKey = (items: OrderItemInput[], codes: string[]) =>
  JSON.stringify({ items, codes })

/** Asks the database what the entered codes take off the cart (before any order). */
export const quoteCartCodes = createAsyncThunk(
  'checkout/quoteCartCodes',
  async ({ items, codes }: { items: OrderItemInput[]; codes: string[] }) => {
    const supabase = await getSupabase()
    const { data, error } = await supabase.rpc('quote_order', {
      payload: { items, discountCodes: codes } as unknown as Json,
    })
    if (error) throw new Error(error.message)
    return data as unknown as Quote
  },
)

export const checkoutSlice = createSlice({
  name: 'checkout',
  initialState: initialCheckoutState,
  reducers: {
    addDiscountCode(state, action: PayloadAction<string>) {
      const code = normalizeCode(action.payload)
      if (!code || state.codes.includes(code)) return
      // A newer code replaces the oldest once the limit is reached.
      state.codes = [...state.codes, code].slice(-MAX_CODES)
    },
    removeDiscountCode(state, action: PayloadAction<string>) {
      state.codes = state.codes.filter((code) => code !== action.payload)
    },
    clearDiscountCodes(state) {
      state.codes = []
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(quoteCartCodes.pending, (state, action) => {
        state.cartQuote.key = cartQuoteKey(action.meta.arg.items, action.meta.arg.codes)
        state.cartQuote.status = 'loading'
      })
      .addCase(quoteCartCodes.fulfilled, (state, action) => {
        if (state.cartQuote.key !== cartQuoteKey(action.meta.arg.items, action.meta.arg.codes))
          return
        const quote = action.payload
        state.cartQuote = {
          key: state.cartQuote.key,
          status: 'ready',
          applied: quote.codes ?? [],
          refusal: quote.codeRefusal ?? null,
          codeDiscount: quote.codeDiscount ?? 0,
          lineDiscounts: quote.lines.map((line) => line.codeDiscount ?? 0),
        }
      })
      .addCase(quoteCartCodes.rejected, (state, action) => {
        if (state.cartQuote.key !== cartQuoteKey(action.meta.arg.items, action.meta.arg.codes))
          return
        state.cartQuote.status = 'failed'
      })
  },
  selectors: {
    selectDiscountCodes: (state) => state.codes,
    selectCartCodeQuote: (state) => state.cartQuote,
  },
})

export const { addDiscountCode, removeDiscountCode, clearDiscountCodes } = checkoutSlice.actions
export const { selectDiscountCodes, selectCartCodeQuote } = checkoutSlice.selectors

declare module '@/lib/app-state' {
  interface AppState {
    checkout: ReturnType<typeof checkoutSlice.reducer>
  }
}
