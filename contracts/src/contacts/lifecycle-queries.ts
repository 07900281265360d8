import { z } from 'zod'
import { pagedSchema } from '../common/list-query'

/** A lessee as the query API answers it (GET /contacts/lessee/{mc}, contact details, all-lessee). */
export const lesseeDtoSchema = z.object({
  mcNumber: z.string(),
  lesseeName: z.string().nullable(),
  lesseeStreet: z.string().nullable(),
  lesseeCity: z.string().nullable(),
  lesseeZip: z.string().nullable(),
  lesseeState: z.string().nullable(),
  lesseePhone: z.string().nullable(),
  lesseeOwnerName: z.string().nullable(),
  lesseeMC: z.string().nullable(),
  lesseeContactId: z.string().nullable(),
})
export type LesseeDto = z.infer<typeof lesseeDtoSchema>

/** GET /contacts/all-lessee: a contact and its lessee as it was stored (older lessees may lack a field). */
export const lesseeRowSchema = lesseeDtoSchema
  .partial()
  .extend({ contactId: z.string(), contactName: z.string().nullable() })

export const redFlagRowSchema = z.object({
  id: z.string(),
  contactId: z.string(),
  divisionId: z.number().nullable(),
  note: z.string(),
  status: z.number(),
  raisedBy: z.string().nullable(),
  raisedByName: z.string().nullable(),
  raisedAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolution: z.string().nullable(),
})
export type RedFlagRow = z.infer<typeof redFlagRowSchema>

export const additionalContactRowSchema = z.object({
  id: z.string(),
  contactId: z.string(),
  contactPerson: z.string(),
  email: z.string().nullable(),
  businessPhone: z.string().nullable(),
  mobilePhone: z.string().nullable(),
})
export type AdditionalContactRow = z.infer<typeof additionalContactRowSchema>

/**
 * GET /contactsAdditional (docs/product.md 7): the additional contacts of the contacts the caller sees, by name, a
 * page at a time; with contactId, those of that contact (one the caller sees; any other is answered as missing).
 */
export const additionalContactListQuerySchema = z.object({
  contactId: z.uuid({ error: 'contactId must be a contact id' }).optional(),
  first: z.coerce.number({ error: 'first must be a number' }).int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(100).default(50),
})
export const additionalContactPageSchema = pagedSchema(additionalContactRowSchema)

export const personalNoteRowSchema = z.object({
  id: z.string(),
  contactId: z.string(),
  additionaContactId: z.string().nullable(),
  note: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type PersonalNoteRow = z.infer<typeof personalNoteRowSchema>

/** One status change (GET /contact-divisions/status-changes): who, when, division, from → to, reason. */
export const statusChangeRowSchema = z.object({
  contactId: z.string(),
  contactName: z.string().nullable(),
  divisionId: z.number(),
  fromStatusId: z.number().nullable(),
  toStatusId: z.number(),
  eventType: z.string(),
  reason: z.string().nullable(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  occurredAt: z.string(),
  position: z.string(),
})
export type StatusChangeRow = z.infer<typeof statusChangeRowSchema>

/** Filters of the manager's audit screen; `transition` is "from-to" status ids, either side may be blank. */
export const statusChangesQuerySchema = z.object({
  contactId: z.uuid().optional(),
  userId: z.uuid().optional(),
  divisionId: z.coerce.number().int().positive().optional(),
  fromStatusId: z.coerce.number().int().min(1).max(8).optional(),
  toStatusId: z.coerce.number().int().min(1).max(8).optional(),
  dateFrom: z.iso.date().optional(),
  dateTo: z.iso.date().optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(50),
  first: z.coerce.number().int().min(0).max(10_000_000).default(0),
  exportType: z.enum(['excel', 'csv']).optional(),
})
export type StatusChangesQuery = z.infer<typeof statusChangesQuerySchema>

/** Possible duplicates (related_entities modal): Name, Company Owner, Address, Email, Office Phone. */
export const relatedEntityRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  ownerName: z.string().nullable(),
  address: z.string().nullable(),
  email: z.string().nullable(),
  businessPhone: z.string().nullable(),
  dotNumber: z.string().nullable(),
  mcNumber: z.string().nullable(),
  matchedOn: z.array(z.string()),
})
export type RelatedEntityRow = z.infer<typeof relatedEntityRowSchema>

/** GET /contacts/existing: what the create form checks before saving. */
export const existingContactsQuerySchema = z.object({
  name: z.string().trim().max(200).optional(),
  dotNumber: z.string().trim().max(20).optional(),
  mcNumber: z.string().trim().max(20).optional(),
  businessPhone: z.string().trim().max(30).optional(),
  email: z.string().trim().max(254).optional(),
  contactId: z.uuid().optional(),
})
