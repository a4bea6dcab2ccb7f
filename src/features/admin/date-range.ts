import { defaultPeriod, type Period, type TransactionsSearch } from './admin-search'

/** A window of time as timestamps: `from` inclusive, `until` exclusive; null means open-ended. */
export interface TimeWindow {
  from: string | null
  until: string | null
}

function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate())
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days)
}

function parseDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return new Date(y, m - 1, d)
}

/** `YYYY-MM-DD` in the device's own calendar (staff work in Nairobi time). */
export function dayString(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/**
 * The window a transactions filter stands for, in whole days of the device's calendar: "last 30 days"
 * is today and the 29 days before it. Custom dates include both ends; a missing end is open.
 */
export function periodWindow(
  search: Pick<TransactionsSearch, 'period' | 'from' | 'to'>,
  now: Date = new Date(),
): TimeWindow {
  const period: Period = search.period ?? defaultPeriod
  const today = startOfDay(now)
  const tomorrow = addDays(today, 1).toISOString()
  switch (period) {
    case 'today':
      return { from: today.toISOString(), until: tomorrow }
    case '7d':
      return { from: addDays(today, -6).toISOString(), until: tomorrow }
    case '30d':
      return { from: addDays(today, -29).toISOString(), until: tomorrow }
    case '90d':
      return { from: addDays(today, -89).toISOString(), until: tomorrow }
    case 'all':
      return { from: null, until: null }
    case 'custom': {
      let from = search.from
      let to = search.to
      if (from && to && from > to) [from, to] = [to, from]
      return {
        from: from ? parseDay(from).toISOString() : null,
        until: to ? addDays(parseDay(to), 1).toISOString() : null,
      }
    }
  }
}
