/**
 * Guards for data read back from the device. Anything stored can be stale, edited by hand or written by
 * another version of the app, so it is checked field by field before it reaches the store.
 */
export type JsonValue =
  null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue }

/** Keys that could reach an object's prototype when copied carelessly. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype'])
const MAX_DEPTH = 8

/** A plain object (from JSON or a structured clone), not an array, a class instance or null. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const proto: unknown = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

export function hasForbiddenKey(value: Record<string, unknown>): boolean {
  return Object.keys(value).some((key) => FORBIDDEN_KEYS.has(key))
}

/**
 * A deep copy that is plain JSON: no prototype keys, no NaN or Infinity, no functions, dates or class
 * instances, not deeper than a few levels. Returns undefined when any part fails.
 */
export function toSafeJson(value: unknown, depth = 0): JsonValue | undefined {
  if (depth > MAX_DEPTH) return undefined
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined
  if (Array.isArray(value)) {
    const copy: JsonValue[] = []
    for (const item of value) {
      const safe = toSafeJson(item, depth + 1)
      if (safe === undefined) return undefined
      copy.push(safe)
    }
    return copy
  }
  if (isRecord(value)) {
    if (hasForbiddenKey(value)) return undefined
    const copy: { [key: string]: JsonValue } = {}
    for (const [key, item] of Object.entries(value)) {
      const safe = toSafeJson(item, depth + 1)
      if (safe === undefined) return undefined
      copy[key] = safe
    }
    return copy
  }
  return undefined
}

/** Stored values are objects, or JSON text when written by hand or by an older version. */
export function parseStored(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw
  try {
    // Stryker disable BlockStatement: an empty catch below returns undefined too (equivalent). No comment
    // can lead the catch's block, so this range starts here and ends inside it.
    return JSON.parse(raw) as unknown
  } catch {
    // Stryker restore BlockStatement
    return undefined
  }
}

/** The same text for equal data whatever the key order, to tell whether a write would change anything. */
export function canonicalJson(value: unknown): string {
  const text = JSON.stringify(value, (_key, item: unknown) =>
    isRecord(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  ) as string | undefined
  return text ?? 'null'
}

export function isNonEmptyString(value: unknown, maxLength = 500): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= maxLength
}

export function isPrice(value: unknown): value is number {
  // Stryker disable next-line ConditionalExpression: Number.isFinite is false for every non-number.
  return typeof value === 'number' && Number.isFinite(value) && value >= 0
}

/**
 * Image addresses worth rendering: same-site paths, http(s) and inline images. Anything else (a
 * `javascript:` URL, a protocol-relative host) becomes empty, and the UI shows the placeholder.
 */
export function safeImageUrl(value: unknown): string {
  if (typeof value !== 'string' || value.length > 2048) return ''
  if (value.startsWith('/') && !value.startsWith('//')) return value
  if (/^https?:\/\//i.test(value) || /^data:image\//i.test(value)) return value
  return ''
}
