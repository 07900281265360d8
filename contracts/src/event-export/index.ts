import { z } from 'zod'

const position = z
  .string()
  .regex(/^\d{20}-\d{20}$/, 'Not a position (as in an exported event’s "position")')
  .describe('A position in the store’s global order, as an exported event carries it')

/**
 * GET /events/export and GET /events/subscribe: which events. `after` resumes after the last event a client
 * received (exclusive); `until` stops at a position (inclusive); `from`/`to` bound the time the events occurred.
 */
export const eventFilterSchema = z.object({
  types: z
    .string()
    .max(2000)
    .regex(/^[A-Za-z0-9,]+$/, 'Event type names, separated by commas')
    .optional()
    .describe('Event types, comma-separated (e.g. ContactCreated,ContactStatusChanged)'),
  streamPrefix: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe('Only streams whose id starts with this (e.g. contact-)'),
  after: position.optional(),
  until: position.optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
})
export type EventFilter = z.infer<typeof eventFilterSchema>

export const eventExportQuerySchema = eventFilterSchema.extend({
  limit: z.coerce.number().int().min(1).max(1_000_000).optional().describe('At most this many events'),
})

export const NDJSON_MEDIA_TYPE = 'application/x-ndjson'
