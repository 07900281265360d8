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
