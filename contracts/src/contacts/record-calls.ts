import { z } from 'zod'

/**
 * Contact calls of docs/product.md 7 whose answers the product does not show: the shapes are ours
 * (docs/decisions/027-the-remaining-contact-calls.md).
 */
export const contactIdQuerySchema = z.object({ contactId: z.uuid() })

/** GET /contacts/contact-data-old-crm: what the contact brought from the CRM it was migrated or imported from. */
export const oldCrmDataSchema = z.object({
  contactId: z.string(),
  /** When the contact came in by a lead import (null: entered by hand). */
  importDate: z.string().nullable(),
  /** The lead file's `source` and `date_entered` of that import. */
  source: z.string().nullable(),
  dateEntered: z.string().nullable(),
  /** Shared notes carrying a note from the old CRM, newest first. */
  notes: z.array(
    z.object({
      id: z.string(),
      subject: z.string().nullable(),
      oldCrmNote: z.string(),
      note: z.string(),
      creationDate: z.string(),
      createdByName: z.string().nullable(),
    }),
  ),
})
export type OldCrmData = z.output<typeof oldCrmDataSchema>

/** One insurance policy of the contact's account in Epic (the agency's management system). */
export const epicPolicySchema = z.object({
  policyNumber: z.string(),
  lineOfBusiness: z.string(),
  insurer: z.string(),
  /** Whether the insurer is a risk retention group (a liability insurer owned by the carriers it insures). */
  riskRetentionGroup: z.boolean(),
  effectiveDate: z.string().nullable(),
  expirationDate: z.string().nullable(),
  annualPremium: z.number().nullable(),
  status: z.string(),
})
export type EpicPolicy = z.output<typeof epicPolicySchema>

export const epicAccountSchema = z.object({
  lookupCode: z.string(),
  name: z.string(),
  dotNumber: z.string().nullable(),
  policies: z.array(epicPolicySchema),
})
export type EpicAccount = z.output<typeof epicAccountSchema>

/**
 * GET /epic/epic-data: the contact's account in Epic, found by DOT number (or name). `configured` false says that
 * this installation has no Epic connection (`message` says so); `account` null that Epic has no such account.
 */
export const epicDataSchema = z.object({
  contactId: z.string(),
  configured: z.boolean(),
  message: z.string().nullable(),
  account: epicAccountSchema.nullable(),
})
export type EpicData = z.output<typeof epicDataSchema>

/**
 * GET /contacts/rrg/{id}: whether the carrier's liability is insured through a risk retention group, from its
 * Epic policies; `insuredThroughRrg` null when that cannot be known (no Epic connection, no account).
 */
export const rrgSchema = z.object({
  contactId: z.string(),
  configured: z.boolean(),
  insuredThroughRrg: z.boolean().nullable(),
  policies: z.array(epicPolicySchema),
})
export type Rrg = z.output<typeof rrgSchema>

/** The message of the product's catalogue when Epic answers with an error. */
export const epicMessages = {
  failed: 'Failed to fetch Epic data',
  notConfigured: 'Epic is not configured: set EPIC_API_URL, EPIC_CLIENT_ID and EPIC_CLIENT_SECRET',
} as const
