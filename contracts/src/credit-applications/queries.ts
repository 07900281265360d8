import { z } from 'zod'
import { listQuerySchema } from '../common/list-query'
import {
  creditApplicationFieldsReadSchema,
  creditApplicationListsReadShape,
  sensitiveFieldKeys,
  type SensitiveFieldKey,
} from './fields'
import { creditApplicationSources } from './statuses'

/** Columns a credit application list sorts by. */
export const creditApplicationSortFields = [
  'applicationDate',
  'statusId',
  'applicantName',
  'businessName',
  'amount',
  'receivedAt',
  'analystName',
] as const

/**
 * Filters of a credit application list: status, analyst ('none': no analyst yet), and a text that matches
 * applicant, business, DOT or MC.
 */
export const creditApplicationFilterSchema = z
  .object({
    statusId: z.number().int().min(1).max(7).optional(),
    analystId: z.union([z.uuid(), z.literal('none')]).optional(),
    search: z.string().trim().max(200).optional(),
  })
  .strict()

export const creditApplicationListQuerySchema = listQuerySchema
  .omit({ exportType: true, sort: true, filter: true })
  .extend({
    sort: z
      .object({ field: z.enum(creditApplicationSortFields), direction: z.enum(['asc', 'desc']) })
      .default({ field: 'receivedAt', direction: 'desc' }),
    filter: creditApplicationFilterSchema.default({}),
  })
export type CreditApplicationListQuery = z.infer<typeof creditApplicationListQuerySchema>

export const creditApplicationRowSchema = z.object({
  id: z.string(),
  source: z.enum(creditApplicationSources),
  statusId: z.number().int(),
  status: z.string(),
  applicantName: z.string().nullable(),
  businessName: z.string().nullable(),
  /** What is financed: the analyst's corrected amount when there is one, else the applicant's. */
  amount: z.number().nullable(),
  applicationDate: z.string().nullable(),
  analystId: z.string().nullable(),
  analystName: z.string().nullable(),
  /** The applicant's SSN, masked to its last four. */
  applicantSsn: z.string().nullable(),
  finished: z.boolean(),
  contactId: z.string().nullable(),
  contactName: z.string().nullable(),
  receivedAt: z.string(),
})
export type CreditApplicationRow = z.infer<typeof creditApplicationRowSchema>

const maskedShape = Object.fromEntries(sensitiveFieldKeys.map((k) => [k, z.string().nullable()])) as Record<
  SensitiveFieldKey,
  z.ZodNullable<z.ZodString>
>

/** One application with every field group; sensitive values masked to their last four. */
export const creditApplicationDetailSchema = creditApplicationRowSchema.extend({
  fields: creditApplicationFieldsReadSchema,
  masked: z.object(maskedShape),
  loans: creditApplicationListsReadShape.loans,
  owners: creditApplicationListsReadShape.owners,
  residences: creditApplicationListsReadShape.residences,
  references: creditApplicationListsReadShape.references,
  completedAt: z.string().nullable(),
  /** The linked contact's Credit App date (docs/product.md 3 creditAppDate). */
  contactCreditAppDate: z.string().nullable(),
  statusChangedAt: z.string().nullable(),
})
export type CreditApplicationDetail = z.infer<typeof creditApplicationDetailSchema>

/** A contact that may be the applicant's: how it matched, to show the analyst why. */
export const possibleContactSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  ownerName: z.string().nullable(),
  dotNumber: z.string().nullable(),
  mcNumber: z.string().nullable(),
  businessPhone: z.string().nullable(),
  email: z.string().nullable(),
  state: z.string().nullable(),
  isCreditApp: z.boolean(),
  matchedOn: z.array(z.string()),
})
export type PossibleContact = z.infer<typeof possibleContactSchema>

/** A date of birth as readers without reveal-credit-data see it. */
export const MASKED_DATE_OF_BIRTH = '**/**/****'

/**
 * Masked for display, the last four digits only: `***-**-1234` for an SSN, `****1234` for bank numbers. A date of
 * birth shows none of itself (MASKED_DATE_OF_BIRTH): its last four digits are the month and day, which with the
 * applicant's name identify them; only reveal-credit-data shows it.
 */
export function maskLast4(field: SensitiveFieldKey, last4: string | null | undefined): string | null {
  if (!last4) return null
  if (field.endsWith('DateOfBirth')) return MASKED_DATE_OF_BIRTH
  return field.endsWith('Ssn') ? `***-**-${last4}` : `****${last4}`
}

/** A user who may be assigned as an application's analyst (GET /{source}-credit-applications/analysts). */
export const creditAnalystSchema = z.object({ userId: z.string(), name: z.string(), divisionId: z.number().int() })
export type CreditAnalyst = z.infer<typeof creditAnalystSchema>
