/**
 * Failed password sign-ins. After `maxFailures` failures for one IP and email within the window (or five
 * times as many for one IP across emails, against credential stuffing, or twice as many for one account
 * from any number of addresses, against a spread-out guesser), sign-ins are refused with 429 until the
 * oldest failure leaves the window, even with the right password.
 */
export interface SignInLimitSettings {
  maxFailures: number
  windowSeconds: number
}

export interface SignInLimiter {
  /** Seconds until the client may try again, or 0 when it may try now. */
  retryAfter(ip: string, email: string): number
  recordFailure(ip: string, email: string): void
  recordSuccess(ip: string, email: string): void
}

/** An account takes twice a client's failures, so its owner is not locked out by one mistyping client. */
const ACCOUNT_FACTOR = 2

export function createSignInLimiter(
  settings: () => SignInLimitSettings,
  now: () => number,
): SignInLimiter {
  const failures = new Map<string, number[]>()

  const recent = (key: string) => {
    const windowMs = settings().windowSeconds * 1000
    // Stryker disable next-line ArrayDeclaration: any stand-in is no time and is filtered out.
    const list = (failures.get(key) ?? []).filter((t) => now() - t < windowMs)
    // Stryker disable next-line ConditionalExpression: only memory (an empty list locks nothing).
    if (list.length === 0) failures.delete(key)
    else failures.set(key, list)
    return list
  }

  const waitFor = (key: string, max: number) => {
    const list = recent(key)
    if (list.length < max) return 0
    const oldest = list[list.length - max] ?? now()
    return Math.max(1, Math.ceil((oldest + settings().windowSeconds * 1000 - now()) / 1000))
  }

  // Keeps the map bounded when many clients fail once and never come back.
  // Stryker disable all: only memory, which no answer shows (the limits hold with or without it).
  const sweep = () => {
    if (failures.size < 10_000) return
    for (const key of [...failures.keys()]) recent(key)
  }
  // Stryker restore all

  return {
    retryAfter(ip, email) {
      const { maxFailures } = settings()
      return Math.max(
        waitFor(`${ip}|${email}`, maxFailures),
        waitFor(ip, maxFailures * 5),
        waitFor(`account|${email}`, maxFailures * ACCOUNT_FACTOR),
      )
    },
    recordFailure(ip, email) {
      sweep()
      const t = now()
      for (const key of [`${ip}|${email}`, ip, `account|${email}`]) {
        failures.set(key, [...recent(key), t])
      }
    },
    recordSuccess(ip, email) {
      failures.delete(`${ip}|${email}`)
    },
  }
}
