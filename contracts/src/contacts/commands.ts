import { z } from 'zod'
import { contactFieldsSchema } from './contact-fields'

/** POST /contacts: creates the contact as a Lead (or the given status) in one division. */
export const createContactSchema = contactFieldsSchema.extend({
  divisionId: z.number().int().positive().optional(),
  statusId: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
  assigned: z.string().uuid().optional().nullable(),
})
export type CreateContact = z.infer<typeof createContactSchema>

export const createContactResultSchema = z.object({ id: z.string().uuid(), position: z.string() })
