/**
 * The modules under mutation testing, in groups that each run only their own fast tests: a mutant then
 * costs one small test run instead of every group's files. `MUTATION_GROUP` picks the group.
 */
export const groups = {
  auth: {
    environment: 'node',
    // code-limits starts a server: it is what proves voidCode (a voided code's link fails, its rows go).
    tests: [
      'tests/supabase/local/auth/limits.test.ts',
      'tests/supabase/local/auth/code-limits.test.ts',
    ],
    mutate: [
      'supabase/local/auth/rate-limit.ts',
      'supabase/local/auth/code-attempts.ts',
      'supabase/local/auth/request-limits.ts',
      'supabase/local/client-address.ts',
    ],
  },
  sanitizer: {
    environment: 'jsdom',
    tests: ['tests/src/lib/sanitize.test.ts'],
    mutate: ['src/lib/sanitize.ts'],
  },
  outbox: {
    environment: 'jsdom',
    tests: [
      'tests/src/features/outbox/outbox.test.ts',
      'tests/src/features/outbox/outbox-runner.test.ts',
      'tests/src/features/outbox/outbox-engine.test.ts',
      'tests/src/features/checkout/order-outbox-sender.test.ts',
    ],
    mutate: [
      'src/features/outbox/outbox-engine.ts',
      'src/features/checkout/order-outbox-sender.ts',
    ],
  },
  // The guards: the saved version and the check of everything read back. Split in two so each runs
  // only its own tests: with both together every guard mutant also ran the slow persistence tests.
  persistence: {
    environment: 'jsdom',
    tests: ['tests/src/app/persist.test.tsx'],
    mutate: ['src/app/persist.ts:107-115', 'src/app/persist.ts:176-197'],
  },
  guards: {
    environment: 'node',
    tests: ['tests/src/lib/storage/json-guards.test.ts'],
    mutate: ['src/lib/storage/json-guards.ts'],
  },
  referrals: {
    environment: 'jsdom',
    tests: [
      'tests/src/features/affiliate/affiliate-slice.test.ts',
      'tests/src/features/checkout/checkout-validation.test.ts',
    ],
    mutate: [
      'src/features/affiliate/affiliate-storage.ts',
      'src/features/checkout/order-payload.ts',
    ],
  },
}

export function currentGroup() {
  const name = process.env.MUTATION_GROUP ?? 'auth'
  const group = groups[name]
  if (!group)
    throw new Error(`Unknown MUTATION_GROUP "${name}": one of ${Object.keys(groups).join(', ')}`)
  return { name, ...group }
}
