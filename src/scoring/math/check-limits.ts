/** What one check may spend: a deadline, and whether it was reached; and how closely its comparisons look. */
export interface CheckLimits {
  deadline: number
  tolerance: number
  /** Digits after the decimal point a written decimal is compared to, when set. */
  precision?: number
  timedOut: boolean
}

/** Whether the deadline has passed, remembered once it has. */
export function outOfTime(budget: Pick<CheckLimits, 'deadline' | 'timedOut'>): boolean {
  if (!budget.timedOut && performance.now() >= budget.deadline) budget.timedOut = true
  return budget.timedOut
}
