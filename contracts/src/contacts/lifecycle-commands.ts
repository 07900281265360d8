import { z } from 'zod'
import { dateTimeSchema } from '../common/date-time'
import { optionalPhoneSchema } from '../common/phone'
import { messages } from '../messages'

const id = z.uuid()
const divisionId = z.number({ error: messages.selectDivision }).int().positive(messages.selectDivision)
/** A status a user picks (change-contact-status): a missing choice is named, not 'Too small'. */
const chosenStatusId = z.number({ error: messages.selectStatus }).int().min(1, messages.selectStatus).max(8)
const optionalId = z.number().int().positive().optional().nullable()
/** When the change happened, if not now (the product sends it; ISO or `YYYY-MM-DD HH:mm:ss` UTC). */
const utc = dateTimeSchema().optional()
const notes = z.string().trim().max(5000).optional().nullable()

/** POST /contacts/convertContact (docs/product.md "Convert payload"). statusId is the status converted to. */
export const convertContactSchema = z.object({
  contactId: id,
  divisionId,
  statusId: z.union([z.literal(2), z.literal(3)]),
  contactCategory: z.number().int().min(1).max(5).optional(),
  userId: z.uuid().optional().nullable(),
  creationDate: utc,
  effortLevel: optionalId,
  grade: optionalId,
  prospectSource: optionalId,
  accountSource: optionalId,
  nationalityId: optionalId,
})
export type ConvertContactInput = z.infer<typeof convertContactSchema>

/** POST /contacts/convert-un-prospect: Lead → unassigned Prospect; needs prospect source and grade. */
export const convertUnassignedProspectSchema = z.object({
  contactId: id,
  divisionId,
  creationDate: utc,
  grade: optionalId,
  prospectSource: optionalId,
})

/** POST /contacts/status-change (docs/product.md "Status change"). */
export const statusChangeSchema = z.object({
  contactId: id,
  divisionId,
  statusId: chosenStatusId,
  creationDate: utc,
})

/** POST /contacts/change-contact-status-without-additional-actions: the bulk variant. */
export const bulkStatusChangeSchema = z.object({
  contactIds: z.array(id).max(1000).min(1, messages.selectContacts),
  divisionId,
  statusId: chosenStatusId,
})

/** POST /contact-dead and /contact-not-qualified. */
export const closeContactSchema = z.object({ contactId: id, divisionId, notes })

/** POST /contact-give-up (docs/product.md "Give up"). */
export const giveUpSchema = z.object({
  contactId: id,
  divisionId,
  giveUpReason: z.string().trim().max(200).optional().nullable(),
  otherReasonNote: notes,
})

/** POST /contract-lost (docs/product.md "Contract lost"). */
export const contractLostSchema = z.object({
  contactId: id,
  divisionId: divisionId.optional(),
  dateToFollowUp: z.iso.date().optional().nullable(),
  dateLost: z.iso.date(),
  lostReason: z.string().trim().min(1).max(200),
  notes,
  creationDateStatusChanges: utc,
})

/** POST /contacts/assignUser. */
export const assignUserSchema = z.object({
  model: z.object({
    assigned: z.uuid({ error: messages.selectUser }).optional().nullable(),
    cscCreationDate: z.string().max(40).optional().nullable(),
  }),
  ids: z.array(id).max(1000).default([]),
  divisionId,
  isMasterDataAssign: z.boolean().default(false),
})

/** POST /contacts/unassignContacts. */
export const unassignContactsSchema = z.object({
  divisionId,
  contactIds: z.array(id).max(1000).default([]),
})

/** DELETE /contacts/multiple. */
export const deleteContactsSchema = z.object({ ids: z.array(id).max(1000).default([]) })

export const additionalContactSchema = z.object({
  contactPerson: z.string().trim().min(1, messages.contactNameRequired).max(200),
  email: z.email({ error: messages.invalidEmail }).max(254).optional().nullable().or(z.literal('')),
  businessPhone: optionalPhoneSchema('Business phone'),
  mobilePhone: optionalPhoneSchema('Mobile phone'),
})
export const addAdditionalContactSchema = additionalContactSchema.extend({ contactId: id })
export const updateAdditionalContactSchema = additionalContactSchema.extend({ contactId: id })

export const personalNoteSchema = z.object({
  contactId: id,
  additionaContactId: z.uuid().optional().nullable(),
  note: z.string({ error: messages.enterNote }).trim().min(1, messages.enterNote).max(5000),
})
export const updatePersonalNoteSchema = z.object({
  contactId: id,
  note: z.string({ error: messages.enterNote }).trim().min(1, messages.enterNote).max(5000),
})

export const raiseRedFlagSchema = z.object({
  contactId: id,
  divisionId: divisionId.optional(),
  note: z.string({ error: messages.enterNote }).trim().min(1, messages.enterNote).max(2000),
})
export const resolveRedFlagSchema = z.object({
  contactId: id,
  resolution: z.string().trim().max(2000).optional().nullable(),
})

export const outOfBusinessSchema = z.object({
  contactId: id,
  outOfBusiness: z.boolean().default(true),
  note: notes,
})

/** POST /contacts/combine-contacts: the wizard's two steps. The company-info contact survives. */
export const combineContactsSchema = z.object({
  contactIds: z.array(id).max(20),
  sources: z
    .object({
      companyInfo: id.optional(),
      contactInfo: id.optional(),
      additionalInfo: id.optional(),
      address: id.optional(),
      redFlag: id.optional(),
    })
    .default({}),
  statuses: z
    .array(z.object({ divisionId, contactId: id }))
    .max(100)
    .default([]),
})
export type CombineContactsInput = z.infer<typeof combineContactsSchema>
