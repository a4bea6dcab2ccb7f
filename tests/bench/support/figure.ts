/** One measured figure, shown beside its budget. `better` says which way is good. */
export interface Figure {
  group: string
  name: string
  value: number | null
  unit: string
  budget?: number
  better?: 'lower' | 'higher'
  note?: string
}

export function withVerdict(figure: Figure): Figure & { pass: boolean | null } {
  if (figure.budget === undefined || figure.value === null) return { ...figure, pass: null }
  const pass =
    (figure.better ?? 'lower') === 'lower'
      ? figure.value <= figure.budget
      : figure.value >= figure.budget
  return { ...figure, pass }
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[index]!
}
