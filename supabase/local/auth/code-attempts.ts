import { deleteOneTimeToken, type Queryable, type TokenColumn } from './users'

/**
 * Wrong guesses at one-time codes (email sign-in, confirmation, recovery, email change). A 6-digit code
 * allows 10⁶ guesses; after `MAX_WRONG_CODE_ATTEMPTS` wrong ones the code is void, so the right code
 * fails too and only a new one (rate-limited per account and per address) opens the account.
 *
 * A code is known by the user, the column it sits in and its stored hash: a new code has a new hash and
 * so starts with a clean count.
 */
export const MAX_WRONG_CODE_ATTEMPTS = 5

export interface PendingCode {
  userId: string
  column: TokenColumn
  /** The hash stored for the code (what the user must match). */
  stored: string
}

export interface CodeAttempts {
  /** True when the code has used up its wrong tries (even if the database still holds it). */
  isVoid(code: PendingCode): boolean
  /** Counts a wrong try; true when this try used up the last one and the code must be voided. */
  recordWrong(code: PendingCode): boolean
}

const keyOf = (code: PendingCode) => `${code.userId}|${code.column}|${code.stored}`

export function createCodeAttempts(
  now: () => number,
  /** How long a count is kept: codes expire within it (the OTP expiry). */
  keepForMs: () => number,
  maxWrong = MAX_WRONG_CODE_ATTEMPTS,
): CodeAttempts {
  const wrong = new Map<string, { count: number; first: number }>()

  // Keeps memory bounded when many codes are guessed at once and then left. (The exact edges, 10 000
  // entries and an age equal to the expiry, are not observable: those boundary mutants survive.)
  const sweep = () => {
    // Sweeping sooner only forgets counts of codes that have expired anyway (not observable).
    // Stryker disable next-line EqualityOperator,ConditionalExpression: see the line above.
    if (wrong.size < 10_000) return
    for (const [key, entry] of wrong) {
      // Stryker disable next-line EqualityOperator: the exact edge is not observable (see above).
      if (now() - entry.first > keepForMs()) wrong.delete(key)
    }
  }

  return {
    isVoid(code) {
      return (wrong.get(keyOf(code))?.count ?? 0) >= maxWrong
    },
    recordWrong(code) {
      sweep()
      const key = keyOf(code)
      const entry = wrong.get(key) ?? { count: 0, first: now() }
      entry.count += 1
      wrong.set(key, entry)
      return entry.count === maxWrong
    },
  }
}

/**
 * Clears a code in the database, only if it is still the one that was guessed at. Proven by the tests
 * in tests/supabase/local/auth/code-limits.test.ts: the voided code's link fails and its rows are gone,
 * and a newer code sent between the guess and the void keeps its one-time token row.
 */
export async function voidCode(q: Queryable, code: PendingCode): Promise<void> {
  const cleared = await q.query(
    `update auth.users set ${code.column} = '' where id = $1 and ${code.column} = $2`,
    [code.userId, code.stored],
  )
  if (cleared.affectedRows) await deleteOneTimeToken(q, code.userId, code.column)
}
