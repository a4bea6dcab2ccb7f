import type { Page } from '@playwright/test'

export interface TraceEvent {
  name: string
  ts: number
  args?: { elementCount?: number; data?: { message?: string } }
}

/**
 * Runs `act` in the page under a DevTools timeline trace and returns what it returned, with the trace's
 * events between its two stamps: `act` calls `console.timeStamp('from')` and `console.timeStamp('to')`
 * around what the test measures, so nothing before or after (the test runner's own calls) counts.
 */
export async function traceBetweenStamps<T>(
  page: Page,
  act: () => T | Promise<T>,
): Promise<{ result: T; events: TraceEvent[] }> {
  const session = await page.context().newCDPSession(page)
  const all: TraceEvent[] = []
  session.on('Tracing.dataCollected', ({ value }) =>
    all.push(...(value as unknown as TraceEvent[])),
  )
  const complete = new Promise((resolve) => session.once('Tracing.tracingComplete', resolve))
  await session.send('Tracing.start', {
    traceConfig: { includedCategories: ['devtools.timeline'] },
    transferMode: 'ReportEvents',
  })
  const result = await page.evaluate(act)
  await session.send('Tracing.end')
  await complete
  await session.detach()
  const stamp = (message: string) => {
    const found = all.find((e) => e.name === 'TimeStamp' && e.args?.data?.message === message)
    if (!found) throw new Error(`The trace has no '${message}' stamp: the page must make it`)
    return found.ts
  }
  const [from, to] = [stamp('from'), stamp('to')]
  return { result, events: all.filter((event) => event.ts > from && event.ts < to) }
}
