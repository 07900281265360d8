import { z } from 'zod'
import { contactFieldsSchema, contactExtraFieldsSchema } from '../contacts/contact-fields'
import { mustChange, patchOf } from '../common/patch-schema'
import { phoneSchema } from '../common/phone'
import { dealerMessages } from './messages'

/** docs/product.md 3: a dealer is a contact of category 4 (Truck Sales Dealer) or 5 (Finance Dealer). */
export const DealerCategory = { TruckSalesDealer: 4, FinanceDealer: 5 } as const
export const dealerCategories = [DealerCategory.TruckSalesDealer, DealerCategory.FinanceDealer] as const
export const dealerCategoryNames: Record<number, string> = { 4: 'Truck Sales Dealer', 5: 'Finance Dealer' }

const requiredText = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max)

const dealerCategorySchema = z.union([z.literal(4), z.literal(5)], { error: 'Please select dealer type' })

/** The dealer's own rules over the contact's fields: a name and a business phone are required. */
const dealerShape = {
  ...contactFieldsSchema.shape,
  name: requiredText(dealerMessages.nameRequired, 200),
  businessPhone: phoneSchema('Phone Number', { required: dealerMessages.businessPhoneRequired }),
  contactCategory: dealerCategorySchema.default(4),
}

/** POST /ts-dealers (the add_ts_dealer form): a contact of a dealer category in the caller's division. */
export const createDealerSchema = z.object(dealerShape)
export type CreateDealer = z.infer<typeof createDealerSchema>

/** PATCH /ts-dealers/{id}: only what is sent changes; a dealer stays a dealer. */
export const updateDealerSchema = patchOf({
  ...dealerShape,
  saferPhone: contactExtraFieldsSchema.shape.saferPhone,
  saferMobilePhone: contactExtraFieldsSchema.shape.saferMobilePhone,
}).refine(...mustChange())
export type UpdateDealer = z.infer<typeof updateDealerSchema>

/** GET /ts-dealers/duplicate-check: the modal's Name, Phone Number and optional Zip Code. */
export const dealerDuplicateQuerySchema = z.object({
  name: z.string().max(200).optional(),
  businessPhone: z.string().max(30).optional(),
  addressZip: z.string().max(10).optional(),
})
export type DealerDuplicateQuery = z.infer<typeof dealerDuplicateQuerySchema>

/** The dealer already in the CRM (with its id for the link), or null when the add form may open. */
export const dealerDuplicateAnswerSchema = z.object({
  duplicate: z.object({ id: z.string(), name: z.string() }).nullable(),
})
export type DealerDuplicateAnswer = z.infer<typeof dealerDuplicateAnswerSchema>

/** The 201 of POST /ts-dealers. */
export const createDealerAnswerSchema = z.object({ id: z.string().uuid(), position: z.string() })
