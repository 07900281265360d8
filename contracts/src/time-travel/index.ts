import { z } from 'zod'

const EARLIEST = Date.UTC(1900, 0, 1)
const LATEST = Date.UTC(9999, 0, 1)

/** An instant (ISO 8601 with an offset) the database can compare with: years 1900 to 9998. */
const instant = z.iso
  .datetime({ offset: true })
  .refine((value) => Date.parse(value) >= EARLIEST && Date.parse(value) < LATEST, 'A date and time from 1900 on')

/** `?asOf=`: the contact as its events stood at that moment. */
export const asOfQuerySchema = z.object({ asOf: instant.optional() })

/** One field of a contact as a person reads it: the diff compares these, the past view lists them. */
export const contactFieldValueSchema = z.object({
  field: z.string(),
  label: z.string(),
  value: z.string().nullable(),
})
export type ContactFieldValue = z.infer<typeof contactFieldValueSchema>

/** GET /contacts/{id}?asOf=…: the contact rebuilt from its events up to that moment. */
export const contactAsOfSchema = z.object({
  asOf: z.string(),
  /** The last event folded in (its position in the store), null before the contact existed. */
  position: z.string().nullable(),
  /** How many of the contact's events stood by then. */
  eventCount: z.number().int(),
  existed: z.boolean(),
  deleted: z.boolean(),
  name: z.string().nullable(),
  fields: z.array(contactFieldValueSchema),
  divisions: z.array(
    z.object({
      divisionId: z.number().int(),
      divisionName: z.string(),
      status: z.string(),
      assignedName: z.string().nullable(),
    }),
  ),
  openTasks: z.array(z.object({ assignedName: z.string().nullable() })),
  notes: z.array(z.object({ subject: z.string().nullable(), authorName: z.string().nullable() })),
})
export type ContactAsOf = z.infer<typeof contactAsOfSchema>

/** GET /contacts/{id}/diff?from=…&to=…: `to` defaults to now. */
export const contactDiffQuerySchema = z.object({
  from: instant,
  to: instant.optional(),
})

export const contactDiffSchema = z.object({
  from: z.string(),
  to: z.string(),
  changes: z.array(
    z.object({
      field: z.string(),
      label: z.string(),
      before: z.string().nullable(),
      after: z.string().nullable(),
      /** Who changed the field between the two moments, in order (a name once per change). */
      changedBy: z.array(z.object({ userName: z.string().nullable(), occurredAt: z.string() })),
    }),
  ),
})
export type ContactDiff = z.infer<typeof contactDiffSchema>
