/**
 * The day a seed run counts from. The seed dates products from the start of the day it runs
 * (`date_trunc('day', now())`, in a database whose time zone is UTC), so two databases seeded the same
 * day list every product on the same day, and a seeded database kept from another day does not: a cache
 * of seeded databases, or of what they answer, is keyed by this day.
 */
export function seedDay(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10)
}
