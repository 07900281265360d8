import { z } from 'zod'
import { mustChange, patchOf } from '../common/patch-schema'
import {
  applicantFieldsShape,
  applicantReviewFieldsShape,
  businessFieldsShape,
  coApplicantFieldsShape,
  creditApplicationFieldsSchema,
  creditApplicationListsShape,
  creditApplicationSensitiveSchema,
  driverFieldsShape,
  requestedEquipmentFieldsShape,
  sensitiveFieldKeys,
  type SensitiveFieldKey,
} from './fields'
import { creditApplicationMessages as m } from './messages'
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
 * What an applicant fills in on the public form: their business, driver, equipment asked for, applicant and
 * co-applicant, the sensitive fields and the lists, and of the review block only what they tell (loan or lease,
 * credit history). Never the analyst's fields: recommendations, in review, the automaster id, the application
 * date, the checklist flags, the corrected equipment (eqCrm…). docs/decisions/046.
 */
export const publicApplicationFieldsShape = {
  ...applicantReviewFieldsShape,
  ...driverFieldsShape,
  ...businessFieldsShape,
  ...requestedEquipmentFieldsShape,
  ...applicantFieldsShape,
  ...coApplicantFieldsShape,
  ...creditApplicationSensitiveSchema.shape,
  loans: creditApplicationListsShape.loans.default([]),
  owners: creditApplicationListsShape.owners.default([]),
  residences: creditApplicationListsShape.residences.default([]),
  references: creditApplicationListsShape.references.default([]),
}
export const publicApplicationFieldKeys = Object.keys(publicApplicationFieldsShape)

/**
 * The public form: the applicant's fields only (anything else is refused, named), and two traps for bots:
 * `website` is a field people never see (it must stay empty), and `formToken` is what
 * `GET …/apply/form-token` issued when the form opened, signed and expiring; the minimum fill time is measured
 * from its issue. `startedAt`, which older pages sent, is still taken and ignored.
 */
export const publicCreditApplicationSchema = z.strictObject(
  {
    ...publicApplicationFieldsShape,
    website: z.string().max(500).optional(),
    // Optional in the schema so that the contract only grows; a form without one is refused (400, formToken).
    formToken: z.string({ error: m.formTokenMissing }).max(500, m.formTokenInvalid).optional(),
    startedAt: z.number().optional().meta({ deprecated: true, description: 'Ignored: the form token times the form' }),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? m.notOnPublicForm(issue.keys) : undefined) },
)
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
/** GET …/apply/form-token: what the public form sends back as `formToken`, and until when it may. */
export const publicFormTokenSchema = z.object({ formToken: z.string(), expiresAt: z.string() })
export type PublicFormToken = z.infer<typeof publicFormTokenSchema>
