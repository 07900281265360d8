import { z } from 'zod'
import { contactDivisionSchema } from './queries'

/** GET /contacts/contactsDivisions/{id}: the contact's record in each division, named for people. */
export const contactDivisionViewSchema = contactDivisionSchema.extend({
  divisionName: z.string(),
  statusName: z.string(),
})
export type ContactDivisionView = z.output<typeof contactDivisionViewSchema>

/** GET /contacts/assignee/{id}: who works the contact in the caller's current division (null: nobody). */
export const contactAssigneeSchema = z.object({
  divisionId: z.number(),
  assigned: z.string().nullable(),
  assignedName: z.string().nullable(),
})

/**
 * GET /contacts/hasPermissions/{id}: what the caller may do with a contact they can see (a contact they cannot see
 * answers 404), so the page offers exactly the actions the server will accept.
 */
export const contactPermissionsSchema = z.object({
  canEdit: z.boolean(),
  canChangeStatus: z.boolean(),
  canConvert: z.boolean(),
  canAssign: z.boolean(),
  canDelete: z.boolean(),
})
export type ContactPermissions = z.output<typeof contactPermissionsSchema>

/** GET /contacts/contacts-for-async-select: a contact picker's options as the user types (a select page). */
export const contactsForSelectQuerySchema = z.object({ search: z.string().trim().min(1).max(100) })

/** A list of contact ids in a query string: repeated (`?contactIds=a&contactIds=b`) or comma-separated. */
const contactIdList = z
  .union([z.string().max(20_000), z.array(z.string().max(40)).max(200)])
  .transform((value) => (Array.isArray(value) ? value : value.split(',')).map((id) => id.trim()).filter(Boolean))
  .pipe(z.array(z.uuid()).min(1).max(200))

/** GET /contact-divisions/get-statuses-by-contact-ids: the statuses of many contacts at once (the lists' badges). */
export const statusesByContactIdsQuerySchema = z.object({ contactIds: contactIdList })
export const contactDivisionStatusSchema = z.object({
  contactId: z.string(),
  divisionId: z.number(),
  statusId: z.number(),
})

/** GET /states. */
export const usStateSchema = z.object({ id: z.number(), code: z.string(), name: z.string() })

/** GET /contacts/legal-data: the carrier's census facts as the last import wrote them. */
export const legalDataQuerySchema = z.object({ contactId: z.uuid() })
const censusFactsSchema = z.object({
  operatingStatus: z.string().nullable(),
  entityType: z.string().nullable(),
  cargoCarried: z.string().nullable(),
  carrierOperations: z.string().nullable(),
  operationClassification: z.string().nullable(),
  numberOfDrivers: z.number().nullable(),
  mailingAddress: z
    .object({
      street1: z.string().nullable(),
      city: z.string().nullable(),
      state: z.string().nullable(),
      zip: z.string().nullable(),
    })
    .nullable(),
  dateEntered: z.string().nullable(),
  /** When the carrier last filed its MCS-150 (registration update). */
  mcs150Date: z.string().nullable(),
  source: z.string().nullable(),
})
export const legalDataSchema = z.object({
  contactId: z.string(),
  dotNumber: z.string().nullable(),
  mcNumber: z.string().nullable(),
  /** Null when the contact never came from an import (its facts were never read from the census). */
  importedAt: z.string().nullable(),
  facts: censusFactsSchema.nullable(),
  /** The facts the last import replaced, when it changed any. */
  previousFacts: censusFactsSchema.nullable(),
  /** The carrier's public SAFER snapshot, by DOT number. */
  saferUrl: z.string().nullable(),
})
export type LegalData = z.output<typeof legalDataSchema>
