import { z } from 'zod'

/**
 * The audit of every change (GET /audit): every event of every record, who made it (and who had signed in as
 * them), when and from where. One contact's whole story with `contactId`, one user's day with `userId` and a
 * day; days are on the viewer's calendar (`utcOffset`, minutes east of UTC).
 */
export const auditQuerySchema = z.object({
  contactId: z.uuid().optional(),
  userId: z.uuid().optional(),
  divisionId: z.coerce.number().int().positive().optional(),
  types: z
    .string()
    .max(2000)
    .regex(/^[A-Za-z0-9,]+$/, 'Event types, separated by commas')
    .optional()
    .describe('Event types, comma-separated (e.g. ContactUpdated,TaskCompleted)'),
  dateFrom: z.iso.date().optional(),
  dateTo: z.iso.date().optional(),
  utcOffset: z.coerce.number().int().min(-840).max(840).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(50),
  first: z.coerce.number().int().min(0).max(10_000_000).default(0),
  exportType: z.enum(['excel', 'csv']).optional(),
})
export type AuditQuery = z.infer<typeof auditQuerySchema>

export const auditRowSchema = z.object({
  position: z.string(),
  occurredAt: z.string(),
  type: z.string(),
  summary: z.string(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  /** Sign in as: the administrator who was signed in as `userName` when it happened. */
  signedInById: z.string().nullable(),
  signedInByName: z.string().nullable(),
  /** The network address the change came from, as the API saw it (null for jobs and older events). */
  clientAddress: z.string().nullable(),
  divisionId: z.number().nullable(),
  contactId: z.string().nullable(),
  contactName: z.string().nullable(),
  /** The record: its stream (contact-…, task-…, user-…). */
  streamId: z.string(),
})
export type AuditRow = z.infer<typeof auditRowSchema>

/** Capped count: past this, the screen says "10,000+" rather than counting a whole year of changes. */
export const AUDIT_COUNT_CAP = 10_000
export const auditPageSchema = z.object({ rows: z.array(auditRowSchema), total: z.number(), capped: z.boolean() })
export type AuditPage = z.infer<typeof auditPageSchema>
