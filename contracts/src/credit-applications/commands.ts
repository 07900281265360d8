import { z } from 'zod'
import { mustChange, patchOf } from '../common/patch-schema'
import {
  creditApplicationFieldsSchema,
  creditApplicationListsShape,
  creditApplicationSensitiveSchema,
  sensitiveFieldKeys,
  type SensitiveFieldKey,
} from './fields'
import { creditApplicationStatusIds } from './statuses'

/** An application as it arrives (intake endpoint, public form): every field optional, lists empty by default. */
export const submitCreditApplicationSchema = z.object({
  ...creditApplicationFieldsSchema.shape,
  ...creditApplicationSensitiveSchema.shape,
  loans: creditApplicationListsShape.loans.default([]),
  owners: creditApplicationListsShape.owners.default([]),
  residences: creditApplicationListsShape.residences.default([]),
  references: creditApplicationListsShape.references.default([]),
})
export type SubmitCreditApplication = z.infer<typeof submitCreditApplicationSchema>

/**
 * The public form adds two traps for bots: `website` is a field people never see (it must stay empty), and
 * `startedAt` is when the form was shown (milliseconds), checked against a minimum fill time.
 */
export const publicCreditApplicationSchema = submitCreditApplicationSchema.extend({
  website: z.string().max(500).optional(),
  startedAt: z.number().int().min(0).max(8_640_000_000_000_000),
})
export type PublicCreditApplication = z.infer<typeof publicCreditApplicationSchema>

/** PATCH /{source}-credit-applications/{id}: only what is sent changes. */
export const editCreditApplicationSchema = patchOf({
  ...creditApplicationFieldsSchema.shape,
  ...creditApplicationSensitiveSchema.shape,
}).refine(...mustChange())
export type EditCreditApplication = z.infer<typeof editCreditApplicationSchema>

export const changeCreditApplicationStatusSchema = z.object({
  statusId: z
    .number({ error: 'Please select status' })
    .int()
    .refine((v) => (creditApplicationStatusIds as readonly number[]).includes(v), 'Please select status')
    .meta({ enum: [...creditApplicationStatusIds] }),
  note: z.string().trim().max(2000).optional().nullable(),
})
export type ChangeCreditApplicationStatus = z.infer<typeof changeCreditApplicationStatusSchema>

/** POST /{source}-credit-applications/{id}/assign-analyst: a credit analyst of the application's divisions, or null. */
export const assignCreditAnalystSchema = z.object({
  analystId: z.uuid({ error: 'Please select User' }).nullable(),
})
export type AssignCreditAnalyst = z.infer<typeof assignCreditAnalystSchema>

export const mergeWithContactSchema = z.object({ contactId: z.uuid({ error: 'Please select contact' }) })

/** POST /contacts/credit-application-contact: a new contact made from an application (organization type needed). */
export const creditApplicationContactSchema = z.object({
  applicationId: z.uuid(),
  organizationTypeId: z
    .number({ error: 'Please Select Organization Type' })
    .int()
    .refine((v) => [3, 4, 5, 6, 7].includes(v), 'Please Select Organization Type')
    .meta({ enum: [3, 4, 5, 6, 7] }),
  divisionId: z.number().int().positive().optional(),
})

export const revealSensitiveSchema = z.object({
  field: z.enum(sensitiveFieldKeys as [SensitiveFieldKey, ...SensitiveFieldKey[]]),
})
export const revealAnswerSchema = z.object({ field: z.string(), value: z.string().nullable() })

export const replaceLoansSchema = z.object({ items: creditApplicationListsShape.loans })
export const replaceOwnersSchema = z.object({ items: creditApplicationListsShape.owners })
export const replaceResidencesSchema = z.object({ items: creditApplicationListsShape.residences })
export const replaceReferencesSchema = z.object({ items: creditApplicationListsShape.references })

export const publicSubmitAnswerSchema = z.object({ message: z.string() })
