import { mustChange } from '../common/patch-schema'
import { z } from 'zod'

/**
 * Per-division settings (docs/product.md section 3, "System config"). Defaults apply until an administrator saves
 * the division's form: tasks are past due at 17:00, a follow-up starts in 2 days, a No Answer task is due in
 * 60 minutes, giving up needs 3 call attempts, and hot / warm / cold grades move due dates by 2 / 7 / 14 days.
 */
export const systemConfigDefaults = {
  taskPastDueTime: 17,
  startAFollowUp: 2,
  noAnswerCall: 60,
  minCallAttempts: 3,
  hotDays: 2,
  warmDays: 7,
  coldDays: 14,
} as const

const hour = z.number({ error: 'Enter an hour from 0 to 23' }).int('Enter an hour from 0 to 23').min(0).max(23)
const count = (label: string, max: number) =>
  z
    .number({ error: `Enter ${label}` })
    .int(`Enter whole ${label}`)
    .min(0, `${label} cannot be negative`)
    .max(max, `${label} is at most ${max}`)

export const systemConfigValuesSchema = z.object({
  /** 2-digit hour (0-23) after which an open task of the day is past due. */
  taskPastDueTime: hour,
  startAFollowUp: count('days', 365),
  noAnswerCall: count('minutes', 7 * 24 * 60),
  minCallAttempts: count('attempts', 100),
  hotDays: count('days', 365),
  warmDays: count('days', 365),
  coldDays: count('days', 365),
})
export type SystemConfigValues = z.infer<typeof systemConfigValuesSchema>

export const systemConfigSchema = systemConfigValuesSchema.extend({
  divisionId: z.number().int(),
  /** Null while the division still runs on the defaults. */
  updatedAt: z.string().nullable(),
})
export type SystemConfig = z.infer<typeof systemConfigSchema>

/** PATCH /system-config/{divisionId}: any subset of the values. */
export const updateSystemConfigSchema = systemConfigValuesSchema
  .partial()
  .strict()
  .refine(...mustChange())
export type UpdateSystemConfig = z.infer<typeof updateSystemConfigSchema>

/** Stream `system-config-<divisionId>`: each save records the whole resulting configuration. */
export type SystemConfigChanged = {
  type: 'SystemConfigChanged'
  data: SystemConfigValues & { divisionId: number }
}
export type SystemConfigEvent = SystemConfigChanged
