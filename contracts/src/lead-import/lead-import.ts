import { z } from 'zod'
import type { ContactFields } from '../contacts/contact-fields'
import type { LeadFacts } from '../contacts/lead-facts'

export type { LeadFacts }

/** docs/product.md section 3: the lead CSV headers. name_and_safer_name and date_entered are required. */
export const leadCsvHeaders = [
  'usdot',
  'mc',
  'name_and_safer_name',
  'dba',
  'business_phone',
  'mobile_phone',
  'email',
  'street_1',
  'city',
  'state',
  'zip',
  'mailing_street_1',
  'mailing_city',
  'mailing_state',
  'mailing_zip',
  'owner_name',
  'source',
  'date_entered',
  'established_date',
  'trucks',
  'drivers',
  'entity_type',
  'operating_status',
  'cargo_carried',
  'carrier_operations',
  'operation_classification',
] as const
export const requiredLeadCsvHeaders = ['name_and_safer_name', 'date_entered'] as const

/** The USDOT motor carrier census layout, recognised by these columns of its header. */
export const censusCsvHeaders = [
  'dot_number',
  'legal_name',
  'dba_name',
  'phy_street',
  'phy_city',
  'phy_state',
  'phy_zip',
] as const

export const leadImportMessages = {
  csvOnly: 'Please provide CSV file format!',
  // docs/product.md section 9: "Import warning: avoid over 1000 rows in working hours."
  largeImportWarning: 'This file has over 1000 rows. Please avoid importing more than 1000 rows during working hours.',
  // Not in docs/product.md; the API needs them.
  missingHeaders: (headers: string[]) => `The file is missing the required columns: ${headers.join(', ')}`,
  emptyFile: 'The file has no rows',
  cancelled: (rowsDone: number, rows: number) =>
    `Import cancelled: the first ${rowsDone.toLocaleString('en-US')} of ${rows.toLocaleString('en-US')} rows were imported and are kept; the rest were not imported`,
  alreadyEnded: 'The import has already ended',
  tooLarge: (limits: { rows: number; bytes: number }) =>
    `The file is too large: import at most ${Math.floor(limits.bytes / 1024 / 1024)} MB and ${limits.rows.toLocaleString('en-US')} rows at a time`,
} as const
export const LARGE_IMPORT_ROWS = 1000
/** One upload's limits: a census extract of a million carriers fits; more is split into several files. */
export const MAX_IMPORT_BYTES = 100 * 1024 * 1024
export const MAX_IMPORT_ROWS = 1_000_000

/**
 * A row of an upload landed on a contact that already existed, matched by DOT or MC, with the facts it lacked in
 * `fields` (never overwriting). A contact an import creates carries its row in ContactCreated's `imported`;
 * imports before December 2026 followed each new contact's ContactCreated with a LeadImported, `fields` empty.
 */
export type LeadImported = {
  type: 'LeadImported'
  data: {
    contactId: string
    uploadId: string
    row: number
    matchedBy: 'dot' | 'mc' | null
    fields: Partial<ContactFields>
    lead: LeadFacts
    /** The census facts this import replaced, when an earlier import of the carrier wrote different ones. */
    previousLead?: LeadFacts | null
  }
}

export const importOutcomeSchema = z.object({
  row: z.number(),
  name: z.string().nullable(),
  outcome: z.enum(['created', 'updated', 'skipped']),
  reason: z.string().nullable(),
  contactId: z.string().nullable(),
})
export type ImportOutcome = z.infer<typeof importOutcomeSchema>

export const importReportSchema = z.object({
  uploadId: z.string(),
  layout: z.enum(['leads', 'census']),
  rows: z.number(),
  created: z.number(),
  updated: z.number(),
  skipped: z.number(),
  /** The first outcomes that were not plain creations (updates and skips with reasons), capped for size. */
  details: z.array(importOutcomeSchema),
  position: z.string().nullable(),
})
export type ImportReport = z.infer<typeof importReportSchema>

/** POST /contacts/upload-new-leads → 202. */
export const uploadAcceptedSchema = z.object({
  jobId: z.string(),
  rows: z.number(),
  layout: z.enum(['leads', 'census']),
  warning: z.string().nullable(),
})
export type UploadAccepted = z.infer<typeof uploadAcceptedSchema>

/** Where an import stands, as the import window shows it (updated with every chunk, about once a second). */
export const importProgressSchema = z.object({
  rows: z.number(),
  /** Rows of the file handled so far (created + updated + skipped). */
  rowsRead: z.number(),
  created: z.number(),
  updated: z.number(),
  skipped: z.number(),
  /** Rows handled per second since the import started; null before the first chunk. */
  rowsPerSecond: z.number().nullable(),
  /** Estimated seconds until the last row is in, at that rate; null while unknown. */
  secondsLeft: z.number().nullable(),
  cancelRequested: z.boolean(),
})
export type ImportProgress = z.infer<typeof importProgressSchema>

/** POST /lead-imports/{id}/cancel → 202: the worker stops after the chunk in flight. */
export const cancelAcceptedSchema = z.object({ jobId: z.string(), rowsDone: z.number() })
export type CancelAccepted = z.infer<typeof cancelAcceptedSchema>

/** GET /jobs/{name}/{id}: progress bar and, when done, the report. */
export const jobStatusSchema = z.object({
  id: z.string(),
  state: z.enum(['waiting', 'delayed', 'active', 'completed', 'failed', 'cancelled']),
  progress: z.number(),
  detail: importProgressSchema.optional(),
  result: z.unknown().optional(),
  error: z.string().optional(),
})
export type JobStatus = z.infer<typeof jobStatusSchema>
export const LEAD_IMPORT_JOB = 'lead-import'
