/** The Prefer header, as PostgREST reads it (unknown or malformed tokens are listed as invalid). */
import { ApiError } from './errors'

export interface Preferences {
  return?: 'minimal' | 'representation' | 'headers-only'
  count?: 'exact' | 'planned' | 'estimated'
  resolution?: 'merge-duplicates' | 'ignore-duplicates'
  missing?: 'default' | 'null'
  handling?: 'strict' | 'lenient'
  tx?: 'commit' | 'rollback'
  maxAffected?: number
  params?: 'single-object'
  /** Tokens understood (echoed in Preference-Applied). */
  applied: string[]
  invalid: string[]
}

const PREFER_VALUES: Record<string, string[]> = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  handling: ['strict', 'lenient'],
  tx: ['commit', 'rollback'],
  params: ['single-object'],
}

export function parsePrefer(header: string | null): Preferences {
  const prefs: Preferences = { applied: [], invalid: [] }
  if (!header) return prefs
  for (const token of header
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)) {
    const eq = token.indexOf('=')
    const key = eq === -1 ? token : token.slice(0, eq).trim()
    const val = eq === -1 ? '' : token.slice(eq + 1).trim()
    if (key === 'max-affected' && /^\d+$/.test(val)) {
      prefs.maxAffected = Number(val)
      prefs.applied.push(token)
      continue
    }
    if (key === 'timezone') continue
    const allowed = PREFER_VALUES[key]
    if (!allowed || !allowed.includes(val)) {
      prefs.invalid.push(token)
      continue
    }
    ;(prefs as unknown as Record<string, string>)[key] = val
    prefs.applied.push(token)
  }
  return prefs
}

/** `handling=strict` refuses any preference it does not understand (PGRST122). */
export function checkStrict(prefs: Preferences) {
  if (prefs.handling === 'strict' && prefs.invalid.length) {
    throw new ApiError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${prefs.invalid.join(', ')}`,
    )
  }
}
