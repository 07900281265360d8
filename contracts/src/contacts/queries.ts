import { z } from 'zod'
import { addressSchema } from './contact-fields'
import { lesseeDtoSchema } from './lifecycle-queries'

export const contactDivisionSchema = z.object({
  divisionId: z.number(),
  statusId: z.number(),
  grade: z.number().nullable(),
  stage: z.number().nullable(),
  assigned: z.string().nullable(),
  effortLevel: z.number().nullable().default(null),
  prospectSource: z.number().nullable().default(null),
  accountSource: z.number().nullable().default(null),
  assignedName: z.string().nullable().default(null),
})
export type ContactDivision = z.output<typeof contactDivisionSchema>

/** GET /contacts/{id}. */
export const contactDetailsSchema = z.object({
  id: z.string(),
  name: z.string(),
  dba: z.string().nullable(),
  ownerName: z.string().nullable(),
  email: z.string().nullable(),
  businessPhone: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  homePhone: z.string().nullable(),
  address: addressSchema,
  mcNumber: z.string().nullable(),
  dotNumber: z.string().nullable(),
  contactCategory: z.number(),
  organizationTypeId: z.number().nullable(),
  nationalityId: z.number().nullable(),
  companyTypeId: z.number().nullable(),
  numberOfTrucks: z.number().nullable(),
  dateEstablished: z.string().nullable(),
  importDate: z.string().nullable(),
  lastContactDate: z.string().nullable(),
  lastMeetingDate: z.string().nullable(),
  openedFlags: z.number(),
  createdAt: z.string(),
  version: z.number(),
  contactDivisionData: z.array(contactDivisionSchema),
  saferPhone: z.string().nullable().default(null),
  saferMobilePhone: z.string().nullable().default(null),
  preferredLanguage: z.string().nullable().default(null),
  isRfp: z.boolean().default(false),
  isMfp: z.boolean().default(false),
  isCreditApp: z.boolean().default(false),
  isOnlineForm: z.boolean().default(false),
  rfpDate: z.string().nullable().default(null),
  mfpDate: z.string().nullable().default(null),
  creditAppDate: z.string().nullable().default(null),
  onlineFormDate: z.string().nullable().default(null),
  currentBalance: z.number().nullable().default(null),
  daysLate: z.number().nullable().default(null),
  lastCollectionActivity: z.string().nullable().default(null),
  outOfBusiness: z.boolean().default(false),
  businessCards: z
    .array(z.object({ documentKey: z.string(), fileName: z.string(), contentType: z.string(), size: z.number() }))
    .default([]),
  lessee: lesseeDtoSchema.nullable().default(null),
})
export type ContactDetails = z.infer<typeof contactDetailsSchema>

/** One entry of a stream's history (who, when, what), for the contact page. */
export const historyEntrySchema = z.object({
  position: z.string(),
  streamVersion: z.number(),
  type: z.string(),
  summary: z.string(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  divisionId: z.number().nullable(),
  occurredAt: z.string(),
  data: z.unknown(),
})
export type HistoryEntry = z.infer<typeof historyEntrySchema>
