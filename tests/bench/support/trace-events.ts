/**
 * Reading a Chromium trace: a Lighthouse run's (its `-GA` artifacts' defaultPass.trace.json) or the
 * long-tasks part's own.
 */

export interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  tdur?: number
  args?: { data?: { url?: string; documentLoaderURL?: string } }
}

/** The (last) start of a navigation to `pageUrl`: its process and thread are the page's main thread. */
function navigationStart(events: TraceEvent[], pageUrl: string): TraceEvent {
  const navigation = events
    .filter(
      (event) =>
        event.name === 'navigationStart' &&
        event.args?.data?.documentLoaderURL?.startsWith(pageUrl.replace(/\/$/, '')),
    )
    .at(-1)
  if (!navigation) throw new Error(`no navigation to ${pageUrl} in the trace`)
  return navigation
}

/**
 * The page's main thread from its navigation on: the navigation's start, and the thread's complete
 * events (tasks and what they hold) since.
 */
export function pageMainThread(
  events: TraceEvent[],
  pageUrl: string,
): { start: TraceEvent; onThread: TraceEvent[] } {
  const start = navigationStart(events, pageUrl)
  const onThread = events.filter(
    (event) =>
      event.pid === start.pid &&
      event.tid === start.tid &&
      event.ph === 'X' &&
      event.ts >= start.ts,
  )
  return { start, onThread }
}

/**
 * The tasks on the page's main thread after navigation, by the CPU time the thread itself spent in them
 * (the trace's thread duration), times Lighthouse's CPU slowdown: the longest, and all of them together.
 * Lighthouse's own long tasks are wall times × the slowdown: on this 2-core machine they also count the moments
 * when Chrome's other processes, the server and Lighthouse itself held the CPU (the floor page shows it).
 * Tasks running Lighthouse's own scripts are left out.
 */
export function mainThreadWork(
  events: TraceEvent[],
  pageUrl: string,
  slowdown: number,
): { longestTaskCpu: number; mainThreadCpu: number } {
  const { onThread } = pageMainThread(events, pageUrl)
  const lighthouseScripts = onThread.filter((event) =>
    event.args?.data?.url?.includes('_lighthouse-eval'),
  )
  let longest = 0
  let total = 0
  for (const task of onThread) {
    if (task.name !== 'RunTask' || task.tdur === undefined || task.dur === undefined) continue
    const end = task.ts + task.dur
    if (lighthouseScripts.some((script) => script.ts >= task.ts && script.ts < end)) continue
    const cpu = (task.tdur / 1000) * slowdown
    longest = Math.max(longest, cpu)
    total += cpu
  }
  return { longestTaskCpu: longest, mainThreadCpu: total }
}
