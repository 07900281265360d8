import { TaskNextStep } from '@crm/contracts'

/**
 * Task dates in the user's own clock (the browser's zone). The server does the same arithmetic in the zone
 * the client names (`timeZone`), so "today 17:00" here and there is the same instant.
 */
export const END_OF_DAY_HOUR = 17
const QUICK_FOLLOW_UP_HOURS = 2

/** The local calendar day `days` after `from`, at hour:minute local (DST-safe: built from the date parts). */
export function localDayAt(from: Date, days: number, hour: number, minute = 0): Date {
  return new Date(from.getFullYear(), from.getMonth(), from.getDate() + days, hour, minute)
}

/** A new task is due today at 17:00 (docs/product.md 3). */
export const defaultDueDate = (now: Date): Date => localDayAt(now, 0, END_OF_DAY_HOUR)

/** The further step's picker starts 7 days out at 17:00 (docs/product.md 4). */
export const defaultPickedFollowUp = (now: Date): Date => localDayAt(now, 7, END_OF_DAY_HOUR)

export interface FollowUpConfig {
  startAFollowUp: number
  noAnswerCall: number
}

/**
 * When the follow-up task of a completion will be due (the preview under the Next Step choice), mirroring
 * the server's rule (docs/product.md 4); null for None or a picked date not chosen yet. The server decides for real.
 */
export function followUpPreview(
  nextStep: number,
  now: Date,
  config: FollowUpConfig,
  pickedDate: Date | null = null,
): Date | null {
  switch (nextStep) {
    case TaskNextStep.NoAnswer:
      return new Date(now.getTime() + config.noAnswerCall * 60_000)
    case TaskNextStep.FollowUp:
      return localDayAt(now, config.startAFollowUp, END_OF_DAY_HOUR)
    case TaskNextStep.Tomorrow:
      return localDayAt(now, 1, END_OF_DAY_HOUR)
    case TaskNextStep.InSevenDays:
      return localDayAt(now, 7, END_OF_DAY_HOUR)
    case TaskNextStep.PickedDate:
      return pickedDate
    case TaskNextStep.QuickFollowUp:
      return new Date(now.getTime() + QUICK_FOLLOW_UP_HOURS * 3_600_000)
    default:
      return null
  }
}
