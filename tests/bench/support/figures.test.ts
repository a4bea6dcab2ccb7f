import { describe, expect, it } from 'vitest'
import { calibratedSlowdown, DEFAULT_SLOWDOWN, REFERENCE_INDEX } from './cpu-slowdown'
import { median, percentile, withVerdict } from './figure'
import { mainThreadWork, type TraceEvent } from './trace-events'

describe('a figure against its budget', () => {
  it('passes at the budget itself, either way round, and has no verdict without a budget or a value', () => {
    const figure = { group: 'lighthouse', name: 'TBT', unit: 'ms', budget: 150 }
    expect(withVerdict({ ...figure, value: 150 }).pass).toBe(true)
    expect(withVerdict({ ...figure, value: 150.5 }).pass).toBe(false)
    expect(withVerdict({ ...figure, value: 95, budget: 95, better: 'higher' }).pass).toBe(true)
    expect(withVerdict({ ...figure, value: 94, budget: 95, better: 'higher' }).pass).toBe(false)
    expect(withVerdict({ ...figure, value: null }).pass).toBeNull()
    expect(
      withVerdict({ group: 'bundle', name: 'precache', unit: 'KiB', value: 437 }).pass,
    ).toBeNull()
  })

  it('takes the median of an odd or even count, and a percentile by rank', () => {
    expect(median([99, 100, 93, 100, 95])).toBe(99)
    expect(median([4, 1, 3, 2])).toBe(2.5)
    expect(median([])).toBeNaN()
    const latencies = Array.from({ length: 100 }, (_, index) => 100 - index)
    expect(percentile(latencies, 50)).toBe(50)
    expect(percentile(latencies, 99)).toBe(99)
    expect(percentile(latencies, 100)).toBe(100)
    expect(percentile([7], 99)).toBe(7)
  })
})

describe('the calibrated CPU slowdown', () => {
  it('is 4x at the reference index, scales with the machine, and never goes under 1x', () => {
    expect(calibratedSlowdown(REFERENCE_INDEX)).toBe(DEFAULT_SLOWDOWN)
    expect(calibratedSlowdown(3308)).toBe(7.6)
    expect(calibratedSlowdown(875)).toBe(2)
    expect(calibratedSlowdown(100)).toBe(1)
  })
})

describe('the main-thread work in a trace', () => {
  const page = 'http://127.0.0.1:4173/women'
  const navigation = (ts: number, pid = 1): TraceEvent => ({
    name: 'navigationStart',
    ph: 'R',
    pid,
    tid: 1,
    ts,
    args: { data: { documentLoaderURL: page } },
  })
  const task = (ts: number, cpuMs: number, pid = 1, tid = 1): TraceEvent => ({
    name: 'RunTask',
    ph: 'X',
    pid,
    tid,
    ts,
    dur: cpuMs * 1000 * 3,
    tdur: cpuMs * 1000,
  })

  it('counts the page’s own tasks after its last navigation by thread time, times the slowdown', () => {
    const events: TraceEvent[] = [
      navigation(0, 9),
      task(10, 30, 9),
      navigation(1_000),
      task(500, 40),
      task(2_000, 10),
      task(5_000, 5),
      // Another thread of the same process: the compositor.
      task(6_000, 20, 1, 2),
    ]
    expect(mainThreadWork(events, page, 4)).toEqual({ longestTaskCpu: 40, mainThreadCpu: 60 })
  })

  it('leaves out the tasks that ran Lighthouse’s own scripts', () => {
    const events: TraceEvent[] = [
      navigation(0),
      task(1_000, 10),
      task(100_000, 30),
      {
        name: 'EvaluateScript',
        ph: 'X',
        pid: 1,
        tid: 1,
        ts: 100_010,
        dur: 20_000,
        args: { data: { url: '_lighthouse-eval.js' } },
      },
    ]
    expect(mainThreadWork(events, page, 2)).toEqual({ longestTaskCpu: 20, mainThreadCpu: 20 })
  })

  it('says so when the trace holds no navigation to the page', () => {
    expect(() => mainThreadWork([task(0, 1)], page, 4)).toThrow(
      'no navigation to http://127.0.0.1:4173/women in the trace',
    )
  })
})
