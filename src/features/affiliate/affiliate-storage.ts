import { affiliates } from '@/config/site'
import { hasForbiddenKey, isRecord } from '@/lib/storage/json-guards'
import {
  AFFILIATE_CODE_PATTERN,
  type AffiliateRecord,
  type AffiliateState,
} from './affiliate-slice'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * A saved referral, or null when it is malformed, expired (spec: expired codes are removed on read) or
 * claims to last longer than a code ever does (edited by hand).
 */
export function toAffiliateRecord(value: unknown, now: number): AffiliateRecord | null {
  if (!isRecord(value) || hasForbiddenKey(value)) return null
  const { code, expiry } = value
  if (typeof code !== 'string' || !AFFILIATE_CODE_PATTERN.test(code)) return null
  if (typeof expiry !== 'string') return null
  const expiresAt = Date.parse(expiry)
  if (!Number.isFinite(expiresAt) || expiresAt <= now) return null
  if (expiresAt > now + (affiliates.codeLifetimeDays + 1) * DAY_MS) return null
  return { code: code.toUpperCase(), expiry: new Date(expiresAt).toISOString() }
}

export function validateSavedAffiliate(
  saved: Record<string, unknown>,
  now: number,
): AffiliateState | null {
  if (!('record' in saved)) return null
  return { record: toAffiliateRecord(saved.record, now) }
}

/** A code from the link the shopper just followed beats the one saved from an earlier visit. */
export function mergeSavedAffiliate(
  saved: Partial<AffiliateState>,
  current: AffiliateState,
): AffiliateState {
  return { ...current, record: current.record ?? saved.record ?? null }
}
