/**
 * A CPU slowdown is relative to the machine it runs on: Lighthouse's default 4× is meant to bring a
 * high-end desktop, whose benchmark index is 1,500-2,000, down to a mid-tier phone (Lighthouse's
 * docs/throttling.md). On a faster machine the same 4× stands for a faster phone, and on a slower one
 * for a slower phone. `npm run bench -- --cpu=calibrated` scales the slowdown to the index: 4 × index /
 * 1,750, the middle of that range. Lighthouse reads the index at the start of each of its runs, and each
 * run is scored at the slowdown of its own reading (the machine's speed drifts by a third within minutes
 * here); the parts that slow a real CPU use one reading taken before they start (probeBenchmarkIndex in
 * lighthouse-run.ts).
 */
export const DEFAULT_SLOWDOWN = 4
export const REFERENCE_INDEX = 1750

/**
 * The slowdown of the parts that slow the CPU. Calibrated: Lighthouse's runs are each scored at their own
 * index's slowdown, and `slowdown` (for the other parts) came from `calibratedFrom`, read before them
 * (left out when no such part runs).
 */
export interface Cpu {
  slowdown: number
  calibrated?: boolean
  calibratedFrom?: number
}

/**
 * The multiplier that gives this machine the CPU that 4× gives a machine of the reference index; at
 * least 1 (a machine slower than that phone cannot be sped up, and Chromium refuses a rate under 1).
 */
export function calibratedSlowdown(benchmarkIndex: number): number {
  return Math.max(1, Math.round(((DEFAULT_SLOWDOWN * benchmarkIndex) / REFERENCE_INDEX) * 10) / 10)
}
