import { z } from 'zod'
import { mustChange, patchOf } from '../common/patch-schema'
import { contactExtraFieldsSchema, contactFieldsSchema } from '../contacts/contact-fields'

/** Toasts of the logistics customers (docs/product.md 8), verbatim. */
export const logisticsMessages = {
  customerCreated: 'Customer successfully created.',
  customerUpdated: 'Customer successfully updated.',
  customerNotFound: 'Customer not found',
  notLogisticsUser: 'Logistics customers are the logistics division’s',
} as const

/** POST /customers-logistic: a contact of the logistics division (a Lead unless told), a Shipper by default. */
export const createLogisticsCustomerSchema = contactFieldsSchema.extend({
  contactCategory: contactFieldsSchema.shape.contactCategory.unwrap().default(3),
  statusId: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(8)]).default(1),
  assigned: z.uuid().optional().nullable(),
})
export type CreateLogisticsCustomer = z.infer<typeof createLogisticsCustomerSchema>

/**
 * PATCH /customers-logistic/{id}: any of the contact's facts and the four toggles; a toggle is accepted only at a
 * status that offers it, and is dated the day it is switched on unless its date is sent.
 */
export const updateLogisticsCustomerSchema = patchOf({
  ...contactFieldsSchema.shape,
  ...contactExtraFieldsSchema.shape,
}).refine(...mustChange())
export type UpdateLogisticsCustomer = z.infer<typeof updateLogisticsCustomerSchema>

/** What the customer commands answer: the customer, the position, and the toast. */
export const logisticsCustomerAnswerSchema = z.object({ id: z.string(), position: z.string(), message: z.string() })
export type LogisticsCustomerAnswer = z.infer<typeof logisticsCustomerAnswerSchema>
