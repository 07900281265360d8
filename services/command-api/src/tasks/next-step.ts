import { TaskNextStep, taskMessages } from '@crm/contracts'
import { FieldRuleError } from '../command-handling/field-rule-error'
import { localDayAt } from '@crm/platform'

/** docs/product.md 3 and 4: "today 17:00", "tomorrow 17:00"... are the user's local 17:00. */
export const END_OF_DAY_HOUR = 17
/** The zone used when a request names none (the product's sales floor). */
export const DEFAULT_TIME_ZONE = 'America/Chicago'
const QUICK_FOLLOW_UP_MS = 2 * 60 * 60 * 1000

export interface NextStepConfig {
  startAFollowUp: number
  noAnswerCall: number
}

export interface NextStepInput {
  now: Date
  timeZone: string
  config: NextStepConfig
  nextStep: number
  /** The date picked for the further step (PickedDate); ignored by the others. */
  followUpDate?: string | null
}

/** The default due date of a new task: today 17:00 local (docs/product.md 3). */
export const defaultDueDate = (now: Date, timeZone: string): Date => localDayAt(now, timeZone, 0, END_OF_DAY_HOUR)

/** What the further step's date picker starts on: 7 days out at 17:00 local (docs/product.md 4). */
export const defaultPickedFollowUp = (now: Date, timeZone: string): Date =>
  localDayAt(now, timeZone, 7, END_OF_DAY_HOUR)

/**
 * When the follow-up task of a completion is due, or null for None (no follow-up task). Pure: the clock,
 * zone and the division's system config come in.
 */
export function followUpDue({ now, timeZone, config, nextStep, followUpDate }: NextStepInput): Date | null {
  switch (nextStep) {
    case TaskNextStep.None:
      return null
    case TaskNextStep.NoAnswer:
      return new Date(now.getTime() + config.noAnswerCall * 60_000)
    case TaskNextStep.FollowUp:
      return localDayAt(now, timeZone, config.startAFollowUp, END_OF_DAY_HOUR)
    case TaskNextStep.Tomorrow:
      return localDayAt(now, timeZone, 1, END_OF_DAY_HOUR)
    case TaskNextStep.InSevenDays:
      return localDayAt(now, timeZone, 7, END_OF_DAY_HOUR)
    case TaskNextStep.PickedDate:
      if (!followUpDate) throw new FieldRuleError('followUpDate', taskMessages.followUpDateRequired)
      return new Date(followUpDate)
    case TaskNextStep.QuickFollowUp:
      return new Date(now.getTime() + QUICK_FOLLOW_UP_MS)
    default:
      throw new FieldRuleError('nextStep', taskMessages.nextStepRequired)
  }
}
