import { z } from 'zod'
import { contactExtraFieldsSchema, contactFieldsSchema } from './contact-fields'

/**
 * POST /contacts: creates the contact as a Lead (or the given status) in one division, with every fact a person
 * enters on the form. The logistics switches are not among them: they are offered from Prospect on, never to a new
 * contact (docs/product.md 6).
 */
export const createContactSchema = contactFieldsSchema.extend({
  ...contactExtraFieldsSchema.pick({
    saferPhone: true,
    saferMobilePhone: true,
    currentBalance: true,
    daysLate: true,
    lastCollectionActivity: true,
  }).shape,
  divisionId: z.number().int().positive().optional(),
  statusId: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
  assigned: z.string().uuid().optional().nullable(),
})
export type CreateContact = z.infer<typeof createContactSchema>

export const createContactResultSchema = z.object({ id: z.string().uuid(), position: z.string() })
