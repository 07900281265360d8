import { z } from 'zod'
import { activityTypeNames, NextStep } from './activities'
import { contractLostReasons, effortLevels, giveUpReasons, grades, prospectSources } from './contact-lookups'

/**
 * The support tables (docs/product.md 9 names the support types by number: 8 activity types, 27 contract-lost
 * reasons, 28 give-up reasons, 26 email history, and 7, 9, 10, 13 "also used"). The numbers the product leaves
 * without a meaning are ours (docs/decisions/027-the-remaining-contact-calls.md). Each value keeps the id the API
 * takes for it elsewhere; reasons, which the API takes as text, are numbered in their order.
 */
/**
 * Where an email of the history stands (support type 26; the email feature's schemas take it from here).
 * `suppressed`: a marketing message whose address unsubscribed before its time came; it was not sent.
 */
export const emailStatuses = ['scheduled', 'sending', 'sent', 'failed', 'cancelled', 'suppressed'] as const
export type EmailStatus = (typeof emailStatuses)[number]

const listed = (values: readonly string[]) => values.map((name, i) => ({ id: i + 1, name }))
const keyed = (values: Record<number, string>) => Object.entries(values).map(([id, name]) => ({ id: Number(id), name }))

export const supportValueSchema = z.object({ id: z.number(), name: z.string() })
export const supportTypeSchema = z.object({
  typeId: z.number(),
  name: z.string(),
  values: z.array(supportValueSchema),
})
export type SupportType = z.output<typeof supportTypeSchema>

export const supportTypes: SupportType[] = [
  { typeId: 7, name: 'Effort levels', values: keyed(effortLevels) },
  { typeId: 8, name: 'Activity types', values: keyed(activityTypeNames) },
  { typeId: 9, name: 'Grades', values: keyed(grades) },
  {
    typeId: 10,
    name: 'Next steps',
    values: [
      { id: NextStep.None, name: 'None' },
      { id: NextStep.NoAnswer, name: 'No Answer' },
      { id: NextStep.FollowUp, name: 'Follow up' },
      { id: NextStep.Tomorrow, name: 'Tomorrow' },
      { id: NextStep.InSevenDays, name: 'In 7 days' },
    ],
  },
  { typeId: 13, name: 'Prospect sources', values: keyed(prospectSources) },
  { typeId: 26, name: 'Email history statuses', values: listed(emailStatuses) },
  { typeId: 27, name: 'Contract-lost reasons', values: listed(contractLostReasons) },
  { typeId: 28, name: 'Give-up reasons', values: listed(giveUpReasons) },
]

/** GET /support-tables/types/{typeId}. */
export const supportTypeParamsSchema = z.object({ typeId: z.coerce.number().int().min(1).max(10_000) })
