import { z } from 'zod'
import { mustChange, patchOf } from '../common/patch-schema'

/** Opportunity messages: docs/product.md 5 fixes the ranges; the wording under the fields is ours. */
export const opportunityMessages = {
  nameRequired: 'Please enter opportunity name',
  closeDateRequired: 'Please select expected close date',
  stageRequired: 'Please select stage',
  probabilityRange: 'Probability must be between 0 and 100',
  amountNotNegative: 'Amount must be 0 or more',
  typeRequired: 'Please select opportunity type',
  salespersonRequired: 'Please select salesperson',
  notFound: 'Opportunity not found',
  salespersonNotInDivision: 'The salesperson must work in the opportunity’s division',
} as const

/** Prospect stages of a deal (ours: docs/product.md leaves them "not shown"); 6 and 7 close it. */
export const prospectStages = {
  1: 'Prospecting',
  2: 'Qualification',
  3: 'Needs Analysis',
  4: 'Proposal',
  5: 'Negotiation',
  6: 'Closed Won',
  7: 'Closed Lost',
} as const
export const OpportunityStage = { ClosedWon: 6, ClosedLost: 7 } as const
export const isClosedStage = (stage: number) => stage === 6 || stage === 7

/** Opportunity types (ours). */
export const opportunityTypes = {
  1: 'Equipment loan',
  2: 'Lease',
  3: 'Line of credit',
  4: 'Truck sale',
  5: 'Freight',
} as const

const oneOf = (table: Record<number, string>, message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .refine((id) => id in table, { message })

const fields = {
  opportunityName: z
    .string({ error: opportunityMessages.nameRequired })
    .trim()
    .min(1, opportunityMessages.nameRequired)
    .max(300),
  // A calendar day the database can store: years 1900-2999.
  expectedCloseDate: z.iso
    .date({ error: opportunityMessages.closeDateRequired })
    .refine((day) => day >= '1900-01-01' && day <= '2999-12-31', opportunityMessages.closeDateRequired),
  prospectStage: oneOf(prospectStages, opportunityMessages.stageRequired),
  probability: z
    .number({ error: opportunityMessages.probabilityRange })
    .int({ error: opportunityMessages.probabilityRange })
    .min(0, opportunityMessages.probabilityRange)
    .max(100, opportunityMessages.probabilityRange),
  opportunityType: oneOf(opportunityTypes, opportunityMessages.typeRequired),
  amount: z
    .number({ error: opportunityMessages.amountNotNegative })
    .min(0, opportunityMessages.amountNotNegative)
    .max(1_000_000_000_000),
  userId: z.uuid({ error: opportunityMessages.salespersonRequired }),
}

/**
 * POST /opportunities (docs/product.md 3 "Opportunity"): without expectedCloseDate, today plus the division's days
 * for the contact's grade there; without userId, the author is the salesperson; the division is the caller's.
 */
export const createOpportunitySchema = z.object({
  ...fields,
  expectedCloseDate: fields.expectedCloseDate.optional(),
  userId: fields.userId.optional(),
  contactId: z.uuid(),
})
export type CreateOpportunity = z.infer<typeof createOpportunitySchema>

/** PATCH /opportunities/{id}: any subset; a stage change is recorded with who and when. */
export const updateOpportunitySchema = patchOf(fields).refine(...mustChange())
export type UpdateOpportunity = z.infer<typeof updateOpportunitySchema>

export interface OpportunityFields {
  opportunityName: string
  expectedCloseDate: string
  prospectStage: number
  probability: number
  opportunityType: number
  amount: number
  userId: string
}

/** Stream `opportunity-<id>`. Amounts in dollars with two decimals; dates of close are calendar days. */
export type OpportunityCreated = {
  type: 'OpportunityCreated'
  data: OpportunityFields & {
    opportunityId: string
    contactId: string
    divisionId: number
    createdBy: string
    creationDate: string
  }
}
export type OpportunityChanged = {
  type: 'OpportunityChanged'
  data: { opportunityId: string; contactId: string; changes: Partial<OpportunityFields>; changedBy: string }
}
/** A move between stages, on its own so that the pipeline's history reads who moved it and when. */
export type OpportunityStageChanged = {
  type: 'OpportunityStageChanged'
  data: {
    opportunityId: string
    contactId: string
    fromStage: number
    toStage: number
    changedBy: string
    changedAt: string
  }
}
export type OpportunityEvent = OpportunityCreated | OpportunityChanged | OpportunityStageChanged
export const opportunityStreamId = (id: string) => `opportunity-${id}`

export const opportunityRowSchema = z.object({
  id: z.string(),
  contactId: z.string(),
  contactName: z.string().nullable(),
  divisionId: z.number(),
  opportunityName: z.string(),
  expectedCloseDate: z.string(),
  prospectStage: z.number(),
  probability: z.number(),
  opportunityType: z.number(),
  amount: z.number(),
  weightedAmount: z.number(),
  userId: z.string(),
  userName: z.string().nullable(),
  createdBy: z.string(),
  creationDate: z.string(),
  stageChangedAt: z.string().nullable(),
})
export type OpportunityRow = z.infer<typeof opportunityRowSchema>
export const opportunityListSchema = z.array(opportunityRowSchema)

/**
 * GET /opportunities (docs/product.md 7 "opportunities"): the opportunities the caller sees, with the usual list
 * options (`?options=` JSON: pagination, sort, filter, tableFilter.global over the name and the contact's name).
 */
export const opportunitySortFields = [
  'creationDate',
  'expectedCloseDate',
  'opportunityName',
  'contactName',
  'amount',
  'probability',
  'prospectStage',
] as const
export type OpportunitySortField = (typeof opportunitySortFields)[number]

export const opportunityFilterSchema = z
  .object({
    contactId: z.uuid({ error: 'contactId must be a contact id' }),
    userId: z.uuid({ error: 'userId must be a user id' }),
    divisionId: z.number({ error: 'divisionId must be a division id' }).int().min(1).max(999_999_999),
    prospectStage: oneOf(prospectStages, opportunityMessages.stageRequired),
    opportunityType: oneOf(opportunityTypes, opportunityMessages.typeRequired),
    /** true: stages 1-5 only; false: closed ones (won or lost) only. */
    open: z.boolean({ error: 'open must be true or false' }),
  })
  .partial()
  .strict()
export type OpportunityFilter = z.infer<typeof opportunityFilterSchema>
