import {
  activityRowSchema,
  additionalContactListQuerySchema,
  additionalContactPageSchema,
  additionalContactRowSchema,
  callAttemptsSchema,
  existingContactsQuerySchema,
  lesseeDtoSchema,
  lesseeRowSchema,
  messages,
  personalNoteRowSchema,
  redFlagRowSchema,
  relatedEntityRowSchema,
  readModelNames,
} from '@crm/contracts'
import { badRequest, notFound, readSystemConfig, type HttpApp } from '@crm/platform'
import type { FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { isContactVisible } from '../contacts/find-contact'
import { mergedFamily } from '../contacts/merged-family'
import { viewerOf } from '../viewer'
import {
  activityCounts,
  listActivities,
  listAdditionalContacts,
  listPersonalNotes,
  listRedFlags,
  pageAdditionalContacts,
} from './details'
import { findDuplicates, relatedEntities } from './duplicates'
import { allLessees, lesseeByMc } from '../contacts/lessees'
import { divisionRecordQueryRoutes } from './division-record-routes'
import { statusChangesRoutes } from './status-changes-routes'

/** Read models these routes read (X-Min-Position waits for them). */
export const LifecycleProjections = {
  list: readModelNames.contactsList,
  divisions: readModelNames.contactDivisions,
  statusHistory: readModelNames.statusHistory,
  redFlags: readModelNames.redFlags,
  additional: readModelNames.additionalContacts,
  notes: readModelNames.personalNotes,
  lessees: readModelNames.lessees,
  activities: readModelNames.activities,
  users: readModelNames.users,
} as const
const P = LifecycleProjections
const idParams = z.object({ id: z.uuid() })
const tags = ['contact lifecycle']

export function contactLifecycleQueryRoutes(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  statusChangesRoutes(api, { db })
  divisionRecordQueryRoutes(api, { db })
  const visible = async (request: FastifyRequest, contactId: string) => {
    if (!(await isContactVisible(db, viewerOf(request), contactId))) throw notFound('Contact not found')
  }

  api.get(
    '/contacts/getAllRedFlags/:id',
    {
      config: { projections: [P.list, P.divisions, P.redFlags, P.users] },
      schema: {
        summary: 'The red flags of contact {id}',
        tags,
        params: idParams,
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
        response: { 200: z.array(redFlagRowSchema) },
      },
    },
    async (request) => {
      await visible(request, request.params.id)
      return listRedFlags(db, request.params.id, request.query.limit)
    },
  )

  api.get(
    '/contactsAdditional',
    {
      config: { projections: [P.list, P.divisions, P.additional] },
      schema: {
        summary:
          'The additional contact persons of the contacts the caller sees, by name, paged; with contactId, of that contact',
        tags,
        querystring: additionalContactListQuerySchema,
        response: { 200: additionalContactPageSchema },
      },
    },
    async (request) => {
      const { contactId } = request.query
      if (contactId) await visible(request, contactId)
      return pageAdditionalContacts(db, viewerOf(request), request.query)
    },
  )

  api.get(
    '/contactsAdditional/contact/:id',
    {
      config: { projections: [P.list, P.divisions, P.additional] },
      schema: {
        summary: 'The additional contact persons of contact {id}',
        tags,
        params: idParams,
        response: { 200: z.array(additionalContactRowSchema) },
      },
    },
    async (request) => {
      await visible(request, request.params.id)
      return listAdditionalContacts(db, request.params.id)
    },
  )

  api.get(
    '/contact-personal-notes',
    {
      config: { projections: [P.list, P.divisions, P.notes] },
      schema: {
        summary: "The caller's personal notes on a contact",
        tags,
        querystring: z.object({ contactId: z.uuid() }),
        response: { 200: z.array(personalNoteRowSchema) },
      },
    },
    async (request) => {
      await visible(request, request.query.contactId)
      return listPersonalNotes(db, request.query.contactId, request.user.userId)
    },
  )

  api.get(
    // docs/product.md 7: GET /contacts/lessee/{mc}; {id} here, as the PATCH of the same path names it.
    '/contacts/lessee/:id',
    {
      config: { projections: [P.list] },
      schema: {
        summary: 'The contact with MC number {id}, as a lessee',
        tags,
        params: z.object({ id: z.string().max(20).describe('The MC number to look up') }),
        response: { 200: lesseeDtoSchema },
      },
    },
    async (request) => {
      const mc = request.params.id.trim()
      if (!mc) throw badRequest(messages.lesseeSearchNeedsMc, { mcNumber: messages.lesseeSearchNeedsMc })
      const found = await lesseeByMc(db, mc)
      if (!found) throw notFound('No contact with that MC number')
      return found
    },
  )

  api.get(
    '/contacts/all-lessee',
    {
      config: { projections: [P.list, P.lessees] },
      schema: {
        summary: 'Lessees, paged',
        tags,
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(100).default(10),
          first: z.coerce.number().int().min(0).default(0),
        }),
        response: { 200: z.array(lesseeRowSchema) },
      },
    },
    async (request) => allLessees(db, viewerOf(request), request.query.limit, request.query.first),
  )

  api.get(
    '/contacts/existing',
    {
      config: { projections: [P.list] },
      schema: {
        summary: 'Contacts that already have a DOT or MC number',
        tags,
        querystring: existingContactsQuerySchema,
        response: { 200: z.array(relatedEntityRowSchema) },
      },
    },
    async (request) =>
      findDuplicates(db, viewerOf(request), request.query, request.query.contactId ? [request.query.contactId] : []),
  )

  api.get(
    '/contacts/related-entities',
    {
      config: { projections: [P.list, P.divisions] },
      schema: {
        summary: 'Contacts related to a contact',
        tags,
        querystring: z.object({ contactId: z.uuid() }),
        response: { 200: z.array(relatedEntityRowSchema) },
      },
    },
    async (request) => {
      await visible(request, request.query.contactId)
      return relatedEntities(db, viewerOf(request), request.query.contactId)
    },
  )

  const divisionQuery = z.object({ contactId: z.uuid(), divisionId: z.coerce.number().int().positive().optional() })
  api.get(
    '/activity/get-call-attempts',
    {
      config: { projections: [P.list, P.divisions, P.activities] },
      schema: {
        summary: 'The call attempts on a contact in a division',
        tags: ['activities'],
        querystring: divisionQuery,
        response: { 200: callAttemptsSchema },
      },
    },
    async (request) => {
      const { contactId } = request.query
      const divisionId = request.query.divisionId ?? viewerOf(request).divisionId
      await visible(request, contactId)
      const [{ calls }, config] = await Promise.all([
        activityCounts(db, [contactId], divisionId),
        readSystemConfig(db, divisionId),
      ])
      return { callAttempts: calls, minCallAttempts: config.minCallAttempts }
    },
  )

  api.get(
    '/contacts/isContactActivity/:id',
    {
      config: { projections: [P.list, P.divisions, P.activities] },
      schema: {
        summary: 'Whether contact {id} has an activity in the division',
        tags: ['activities'],
        params: idParams,
        querystring: z.object({ divisionId: z.coerce.number().int().positive().optional() }),
        response: { 200: z.object({ hasActivity: z.boolean() }) },
      },
    },
    async (request) => {
      await visible(request, request.params.id)
      const divisionId = request.query.divisionId ?? viewerOf(request).divisionId
      const { activities } = await activityCounts(db, [request.params.id], divisionId)
      return { hasActivity: activities > 0 }
    },
  )

  api.get(
    '/activity/activities-by-contact/:id',
    {
      config: { projections: [P.list, P.divisions, P.activities, P.users] },
      schema: {
        summary: 'The activities of contact {id}',
        tags: ['activities'],
        params: idParams,
        response: { 200: z.array(activityRowSchema) },
      },
    },
    async (request) => {
      await visible(request, request.params.id)
      return listActivities(db, await mergedFamily(db, request.params.id), 100)
    },
  )
}
