// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { formatArticleDate } from '@/features/content/components/article-date'

describe('formatArticleDate', () => {
  it('writes every day of two years as en-KE does', () => {
    const intl = new Intl.DateTimeFormat('en-KE', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Africa/Nairobi',
    })
    for (let day = 0; day < 731; day++) {
      const iso = new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10)
      expect(formatArticleDate(iso)).toBe(intl.format(new Date(`${iso}T12:00:00+03:00`)))
    }
    expect(formatArticleDate('2026-10-28')).toBe('28 October 2026')
  })
})
