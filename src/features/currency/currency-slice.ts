import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { Currency } from '@/lib/money'

export interface CurrencyState {
  currency: Currency
}

export const initialCurrencyState: CurrencyState = { currency: 'KSH' }

export const currencySlice = createSlice({
  name: 'currency',
  initialState: initialCurrencyState,
  reducers: {
    toggleCurrency(state) {
      state.currency = state.currency === 'KSH' ? 'USD' : 'KSH'
    },
    setCurrency(state, action: PayloadAction<Currency>) {
      state.currency = action.payload
    },
  },
  selectors: {
    selectCurrency: (state) => state.currency,
  },
})

export const { toggleCurrency, setCurrency } = currencySlice.actions
export const { selectCurrency } = currencySlice.selectors

declare module '@/lib/app-state' {
  interface AppState {
    currency: ReturnType<typeof currencySlice.reducer>
  }
}
