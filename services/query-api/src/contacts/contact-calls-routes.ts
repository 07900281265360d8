import {
  ContactStatus,
  EXECUTIVE_DIVISION_ID,
  contactAssigneeSchema,
  contactDivisionStatusSchema,
  contactDivisionViewSchema,
  contactPermissionsSchema,
  contactStatusNames,
  contactsForSelectQuerySchema,
  hasPermission,
  legalDataQuerySchema,
  legalDataSchema,
  maySelectForAssign,
  selectPageSchema,
  statusesByContactIdsQuerySchema,
  usStateSchema,
  usStates,
  type ContactStatusId,
  readModelNames,
} from '@crm/contracts'
import { notFound, type HttpApp } from '@crm/platform'
import { sql, type Kysely } from 'kysely'
import { z } from 'zod'
import { callerOf } from '../contact-lists/routes'
import { quickSearch } from '../global-search/quick-search'
import { viewerOf, type Viewer } from '../viewer'
import { findDivisionStandings, openableContactId } from './find-contact'
import { findLegalData } from './legal-data'
import { visibleContactSql } from '../visibility/visibility-sql'

const idParams = z.object({ id: z.uuid() })
const tags = ['contacts']
const contactProjections = [readModelNames.contactsList, readModelNames.contactDivisions, readModelNames.users]
const statusName = (id: number) => contactStatusNames[id as ContactStatusId] ?? 'Unknown'
/** Statuses a contact can be converted from (docs/product.md 4). */
const convertible: number[] = [ContactStatus.Lead, ContactStatus.Prospect]

/** Contact calls of docs/product.md 7 that read one contact's standing, or many contacts' statuses, or lookups. */
export function contactCallsRoutes(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  /** The contact the path names as the caller may open it, or 404 (missing and invisible alike). */
  const visibleContact = async (contactId: string, viewer: Viewer) => {
    const id = await openableContactId(db, viewer, contactId)
    if (!id) throw notFound('Contact not found')
    return id
  }

  /** The visible contact's standing in the caller's current division (undefined: not in it). */
  const standingHere = async (contactId: string, viewer: Viewer) => {
    const id = await visibleContact(contactId, viewer)
    return (await findDivisionStandings(db, id)).find((s) => s.divisionId === viewer.divisionId)
  }

  api.get(
    '/contacts/contactsDivisions/:id',
    {
      config: { projections: [...contactProjections, readModelNames.divisions] },
      schema: {
        tags,
        summary: "The contact's record in each of its divisions: status, assigned user, grade, effort level, stage",
        params: idParams,
        response: { 200: z.array(contactDivisionViewSchema) },
      },
    },
    async (request) => {
      const id = await visibleContact(request.params.id, viewerOf(request))
      const standings = await findDivisionStandings(db, id)
      const { rows } = await sql<{ division_id: number; name: string }>`
        select division_id, name from divisions
        where division_id = any(${standings.map((s) => s.divisionId)}::int[])`.execute(db)
      const names = new Map(rows.map((r) => [r.division_id, r.name]))
      return standings.map((s) => ({
        ...s,
        divisionName: names.get(s.divisionId) ?? 'Division',
        statusName: statusName(s.statusId),
      }))
    },
  )

  api.get(
    '/contacts/assignee/:id',
    {
      config: { projections: contactProjections },
      schema: {
        tags,
        summary: "Who works the contact in the caller's current division",
        params: idParams,
        response: { 200: contactAssigneeSchema },
      },
    },
    async (request) => {
      const viewer = viewerOf(request)
      const here = await standingHere(request.params.id, viewer)
      return {
        divisionId: viewer.divisionId,
        assigned: here?.assigned ?? null,
        assignedName: here?.assignedName ?? null,
      }
    },
  )

  api.get(
    '/contacts/hasPermissions/:id',
    {
      config: { projections: contactProjections },
      schema: {
        tags,
        summary: 'What the caller may do with the contact (the page offers exactly these actions)',
        params: idParams,
        response: { 200: contactPermissionsSchema },
      },
    },
    async (request) => {
      const viewer = viewerOf(request)
      const here = await standingHere(request.params.id, viewer)
      const inWorkingDivision = here !== undefined && viewer.divisionId !== EXECUTIVE_DIVISION_ID
      // The same rules the command side decides by (contracts' predicates and the lifecycle's statuses).
      return {
        canEdit: true,
        canChangeStatus: inWorkingDivision && hasPermission(viewer, 'change-contact-status'),
        canConvert: inWorkingDivision && convertible.includes(here.statusId),
        canAssign: inWorkingDivision && maySelectForAssign({ ...viewer, team: [] }, here.assigned),
        canDelete: hasPermission(viewer, 'delete-contact'),
      }
    },
  )

  api.get(
    '/contacts/legal-data',
    {
      config: { projections: [...contactProjections, readModelNames.censusFacts] },
      schema: {
        tags,
        summary: "The carrier's census facts as the last import wrote them, with what they replaced and a SAFER link",
        querystring: legalDataQuerySchema,
        response: { 200: legalDataSchema },
      },
    },
    async (request) => findLegalData(db, await visibleContact(request.query.contactId, viewerOf(request))),
  )

  api.get(
    '/contacts/contacts-for-async-select',
    {
      config: { projections: [readModelNames.contactSearch] },
      schema: {
        tags,
        summary: 'Contacts for a picker as the user types: name, DBA, DOT, MC, e-mail or phone digits',
        querystring: contactsForSelectQuerySchema,
        response: { 200: selectPageSchema },
      },
    },
    async (request) => {
      const hits = await quickSearch(db, callerOf(request), request.query.search)
      return {
        options: hits.map((h) => ({
          value: h.id,
          label: [h.name, h.dotNumber && `DOT ${h.dotNumber}`, [h.city, h.state].filter(Boolean).join(', ')]
            .filter(Boolean)
            .join(' · '),
        })),
        hasMore: false,
      }
    },
  )

  api.get(
    '/contact-divisions/get-statuses-by-contact-ids',
    {
      config: { projections: [readModelNames.contactDivisions] },
      schema: {
        tags: ['contact lifecycle'],
        summary: 'The division statuses of many contacts at once; contacts the caller may not see are left out',
        querystring: statusesByContactIdsQuerySchema,
        response: { 200: z.array(contactDivisionStatusSchema) },
      },
    },
    async (request) => {
      const viewer = viewerOf(request)
      const { rows } = await sql<{ contact_id: string; division_id: number; status_id: number }>`
        select d.contact_id, d.division_id, d.status_id from contact_divisions d
        where d.contact_id = any(${request.query.contactIds}::uuid[]) and d.status_id is not null
          and ${visibleContactSql(viewer, sql`d.contact_id`)}
        order by d.contact_id, d.division_id`.execute(db)
      return rows.map((r) => ({ contactId: r.contact_id, divisionId: r.division_id, statusId: r.status_id }))
    },
  )

  api.get(
    '/states',
    {
      schema: {
        tags: ['lookups'],
        summary: 'US states and Washington DC (ids 2-52)',
        response: { 200: z.array(usStateSchema) },
      },
    },
    async () => [...usStates],
  )
}
