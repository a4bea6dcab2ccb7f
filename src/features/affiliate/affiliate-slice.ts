import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { affiliates } from '@/config/site'

/** The spec's affiliate record: the code and when it stops counting (ISO date). */
export interface AffiliateRecord {
  code: string
  expiry: string
}

export interface AffiliateState {
  record: AffiliateRecord | null
}

export const initialAffiliateState: AffiliateState = { record: null }

const DAY_MS = 24 * 60 * 60 * 1000
/** Codes are short and plain; anything else in `?ref=` is dropped, never stored. */
export const AFFILIATE_CODE_PATTERN = /^[A-Za-z0-9_-]{2,32}$/

export const affiliateSlice = createSlice({
  name: 'affiliate',
  initialState: initialAffiliateState,
  reducers: {
    captureAffiliateCode: {
      reducer(state, action: PayloadAction<{ code: string; now: number }>) {
        const { code, now } = action.payload
        // The code comes straight from a link anyone can craft: only a short plain code is kept.
        if (typeof code !== 'string' || code.length > 64) return
        const trimmed = code.trim()
        if (!AFFILIATE_CODE_PATTERN.test(trimmed)) return
        state.record = {
          code: trimmed.toUpperCase(),
          expiry: new Date(now + affiliates.codeLifetimeDays * DAY_MS).toISOString(),
        }
      },
      prepare(code: string, now: number = Date.now()) {
        return { payload: { code, now } }
      },
    },
    /** Removes the code once it has expired (spec §4: expired codes are removed on read). */
    expireAffiliateCode: {
      reducer(state, action: PayloadAction<number>) {
        if (state.record && Date.parse(state.record.expiry) <= action.payload) state.record = null
      },
      prepare(now: number = Date.now()) {
        return { payload: now }
      },
    },
    clearAffiliateCode(state) {
      state.record = null
    },
  },
  selectors: {
    selectAffiliateRecord: (state) => state.record,
  },
})

export const { captureAffiliateCode, expireAffiliateCode, clearAffiliateCode } =
  affiliateSlice.actions
export const { selectAffiliateRecord } = affiliateSlice.selectors

/** The live code, or null when there is none or it has expired. */
export function activeAffiliateCode(
  record: AffiliateRecord | null,
  now = Date.now(),
): string | null {
  if (!record) return null
  return Date.parse(record.expiry) > now ? record.code : null
}

declare module '@/lib/app-state' {
  interface AppState {
    affiliate: ReturnType<typeof affiliateSlice.reducer>
  }
}
