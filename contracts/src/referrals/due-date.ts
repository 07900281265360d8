import { Grade } from '../constants/contact-enums'

/** The hour a referral is due on its day (docs/product.md 4: "17:00 plus division days"). */
export const REFERRAL_DUE_HOUR = 17

/** A division's hot / warm / cold days (system config). */
export interface GradeDays {
  hotDays: number
  warmDays: number
  coldDays: number
}

/** The division's days for a grade: 108 hot, 109 warm, any other cold (docs/product.md 3 and 9). */
export function daysForGrade(grade: number, config: GradeDays): number {
  if (grade === Grade.Hot) return config.hotDays
  if (grade === Grade.Warm) return config.warmDays
  return config.coldDays
}

/**
 * How many days from today a referral of this grade is due (at 17:00 local): the division's days, minus one when
 * that number is above 0 (docs/product.md 4).
 */
export function referralDueInDays(grade: number, config: GradeDays): number {
  const days = daysForGrade(grade, config)
  return days > 0 ? days - 1 : 0
}
