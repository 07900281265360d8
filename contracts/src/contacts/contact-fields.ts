import { z } from 'zod'
import { dateTimeSchema } from '../common/date-time'
import { optionalPhoneSchema } from '../common/phone'
import { messages } from '../messages'
import { mustChange, patchOf } from '../common/patch-schema'

const optionalText = (max: number) => z.string().trim().max(max).optional().nullable()

/** Address as docs/product.md names it. */
export const addressSchema = z.object({
  street1: optionalText(200),
  city: optionalText(100),
  state: optionalText(2),
  zip: optionalText(10),
  country: optionalText(2),
})
export type Address = z.infer<typeof addressSchema>

/** The editable facts of a contact, with docs/product.md's field names. */
export const contactFieldsSchema = z.object({
  name: z.string({ error: messages.contactNameRequired }).trim().min(1, messages.contactNameRequired).max(200),
  dba: optionalText(200),
  ownerName: optionalText(200),
  email: z.email({ error: 'Invalid Email!' }).max(254).optional().nullable().or(z.literal('')),
  businessPhone: optionalPhoneSchema('Business phone'),
  mobilePhone: optionalPhoneSchema('Mobile phone'),
  homePhone: optionalPhoneSchema('Home phone'),
  address: addressSchema.optional(),
  mcNumber: optionalText(20),
  dotNumber: optionalText(20),
  contactCategory: z
    .union([1, 2, 3, 4, 5].map((n) => z.literal(n)) as [z.ZodLiteral<1>, ...z.ZodLiteral<number>[]])
    .default(1),
  organizationTypeId: z.union(
    [3, 4, 5, 6, 7].map((n) => z.literal(n)) as [z.ZodLiteral<3>, ...z.ZodLiteral<number>[]],
    {
      error: messages.organizationTypeRequired,
    },
  ),
  nationalityId: z.number().int().positive().optional().nullable(),
  companyTypeId: z.number().int().positive().optional().nullable(),
  numberOfTrucks: z.number().int().min(0).max(1_000_000).optional().nullable(),
  dateEstablished: z.iso.date().optional().nullable(),
})
export type ContactFields = z.infer<typeof contactFieldsSchema>

const optionalDate = z.iso.date().optional().nullable()

/** Fields docs/product.md lists beyond the create form: safer phones, logistics flags with dates, collection data. */
export const contactExtraFieldsSchema = z.object({
  saferPhone: optionalPhoneSchema('SAFER phone'),
  saferMobilePhone: optionalPhoneSchema('SAFER mobile phone'),
  isRfp: z.boolean().optional(),
  isMfp: z.boolean().optional(),
  isCreditApp: z.boolean().optional(),
  isOnlineForm: z.boolean().optional(),
  rfpDate: optionalDate,
  mfpDate: optionalDate,
  creditAppDate: optionalDate,
  onlineFormDate: optionalDate,
  currentBalance: z.number().min(-1e12).max(1e12).optional().nullable(),
  daysLate: z.number().int().min(0).max(100_000).optional().nullable(),
  lastCollectionActivity: dateTimeSchema().optional().nullable(),
})
export type ContactExtraFields = z.infer<typeof contactExtraFieldsSchema>

/** Every fact of a contact's profile; an edit (PATCH /contacts/{id}) sends any subset. */
export type ContactProfile = ContactFields & ContactExtraFields

/** PATCH /contacts/{id}: only the fields sent change; at least one must be sent. */
export const updateContactSchema = patchOf({ ...contactFieldsSchema.shape, ...contactExtraFieldsSchema.shape }).refine(
  ...mustChange(),
)
export type UpdateContact = z.infer<typeof updateContactSchema>

/** Each fact of a contact as the form and the history name it. */
export const contactFieldLabels: Record<keyof ContactProfile, string> = {
  name: 'name',
  dba: 'DBA',
  ownerName: 'company owner',
  email: 'email',
  businessPhone: 'business phone',
  mobilePhone: 'mobile phone',
  homePhone: 'home phone',
  address: 'address',
  mcNumber: 'MC number',
  dotNumber: 'US DOT',
  contactCategory: 'contact category',
  organizationTypeId: 'organization type',
  nationalityId: 'preferred language',
  companyTypeId: 'company type',
  numberOfTrucks: '# of trucks',
  dateEstablished: 'date established',
  saferPhone: 'SAFER phone',
  saferMobilePhone: 'SAFER mobile phone',
  isRfp: 'RFP',
  isMfp: 'MFP',
  isCreditApp: 'Credit App',
  isOnlineForm: 'Online Form',
  rfpDate: 'RFP date',
  mfpDate: 'MFP date',
  creditAppDate: 'Credit App date',
  onlineFormDate: 'Online Form date',
  currentBalance: 'current balance',
  daysLate: 'days late',
  lastCollectionActivity: 'last collection activity',
}
