/**
 * Working days per period (docs/product.md section 9: 1 week = 5 days, 1 month = 20 days, 1 year = 250 days).
 * A daily target entered on a form fills the other periods; each stays editable on its own.
 */
export const EXPECTATION_DAYS = { day: 1, week: 5, month: 20, year: 250 } as const
export type ExpectationPeriod = keyof typeof EXPECTATION_DAYS
export const expectationPeriods = Object.keys(EXPECTATION_DAYS) as ExpectationPeriod[]

export function expectationsFromDay(day: number): Record<ExpectationPeriod, number> {
  return {
    day,
    week: day * EXPECTATION_DAYS.week,
    month: day * EXPECTATION_DAYS.month,
    year: day * EXPECTATION_DAYS.year,
  }
}
