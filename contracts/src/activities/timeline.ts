import { z } from 'zod'

/** docs/product.md 9: the activity timeline loads 10 at a time. */
export const TIMELINE_PAGE_SIZE = 10

/**
 * GET /contact-activities-timeline/all. `before` is the opaque cursor of the previous page's last item;
 * `types` a comma list of activity type ids (none: every type).
 */
export const timelineQuerySchema = z.object({
  contactId: z.uuid(),
  limit: z.coerce.number().int().min(1).max(100).default(TIMELINE_PAGE_SIZE),
  before: z.string().max(200).optional(),
  types: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'types must be a comma list of activity type ids')
    .transform((s) => s.split(',').map(Number))
    .optional(),
})
export type TimelineQuery = z.infer<typeof timelineQuerySchema>

export const timelineAttachmentSchema = z.object({
  id: z.string(),
  key: z.string(),
  type: z.string(),
  name: z.string(),
})

export const timelineItemSchema = z.object({
  id: z.string(),
  activityType: z.number(),
  subject: z.string(),
  notes: z.string().nullable(),
  occurredAt: z.string(),
  userName: z.string().nullable(),
  /** Seconds, calls only. */
  callDuration: z.number().nullable(),
  /** 'Initial' or 'Follow Up N' (see the query API's timeline for the rule). */
  followUpLabel: z.string(),
  attachments: z.array(timelineAttachmentSchema),
  /** The stream the activity is on: a contact combined into this one keeps its own (read-only) activities. */
  contactId: z.string(),
  divisionId: z.number(),
  /** The author (edits: the author or a manager of the division). */
  userId: z.string().nullable(),
  callOutcome: z.enum(['Attempted', 'Answered']).nullable(),
})
export type TimelineItem = z.infer<typeof timelineItemSchema>

export const timelinePageSchema = z.object({ items: z.array(timelineItemSchema), nextCursor: z.string().nullable() })
export type TimelinePage = z.infer<typeof timelinePageSchema>
