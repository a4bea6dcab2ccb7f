import { ERRORS } from './errors'

// The characters hosted Storage accepts in keys and bucket names (S3-safe ones).
const VALID_OBJECT_KEY = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/
const VALID_BUCKET_NAME = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]*$/

/**
 * An object key must be S3-safe and may not step out of its bucket: no `.` or `..` segment, no empty
 * segment, no leading slash.
 */
export function mustBeValidKey(key: string | undefined): asserts key is string {
  if (
    !key ||
    key.length > 1024 ||
    !VALID_OBJECT_KEY.test(key) ||
    key.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')
  ) {
    throw ERRORS.invalidKey(key ?? '')
  }
}

export function mustBeValidBucketName(name: unknown): asserts name is string {
  if (
    typeof name !== 'string' ||
    name.length === 0 ||
    name.length > 100 ||
    !VALID_BUCKET_NAME.test(name) ||
    name === '.' ||
    name === '..'
  ) {
    throw ERRORS.invalidBucketName()
  }
}

/** `20GB`, `5MB`, `30KB`, `3B` or a number of bytes, as hosted accepts for `file_size_limit`. */
export function parseFileSizeLimit(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || value < 0) throw ERRORS.invalidFileSizeLimit()
    return value === 0 ? null : value
  }
  const m = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(String(value))
  if (!m) throw ERRORS.invalidFileSizeLimit()
  const amount = +parseFloat(m[1]!).toPrecision(3)
  const unit = { GB: 1e9, MB: 1e6, KB: 1e3, B: 1 }[m[2]!.toUpperCase() as 'GB' | 'MB' | 'KB' | 'B']
  return Math.round(amount * unit)
}

export function parseMimeTypes(value: unknown): string[] | null {
  if (value === undefined || value === null) return null
  if (
    !Array.isArray(value) ||
    value.some((t) => typeof t !== 'string' || !/^[\w.+-]+\/[\w.+*-]+$/.test(t))
  ) {
    throw ERRORS.invalidRequest('allowed_mime_types must be a list of mime types')
  }
  return value.length ? (value as string[]) : null
}

/** As hosted: `type/*` allows every subtype; parameters (`;charset=…`) are ignored. */
export function mustBeAllowedMimeType(mimeType: string, allowed: string[] | null) {
  if (!allowed || allowed.length === 0) return
  const [type, subtype] = mimeType.split(';')[0]!.trim().toLowerCase().split('/')
  if (!type || !subtype) throw ERRORS.invalidMimeType(mimeType)
  for (const entry of allowed) {
    const [allowedType, allowedSubtype] = entry.toLowerCase().split('/')
    if (allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype)) return
  }
  throw ERRORS.invalidMimeType(mimeType)
}
