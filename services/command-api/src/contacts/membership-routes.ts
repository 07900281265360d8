import {
  assignUserSchema,
  deleteContactsSchema,
  mayAssignContactsTo,
  messages,
  unassignContactsSchema,
  updateContactSchema,
  commandAnswerSchema,
  bulkAnswerSchema,
} from '@crm/contracts'
import {
  badRequest,
  forbidden,
  hasPermission,
  requirePermission,
  worksAcrossDivisions,
  type EventStore,
  type HttpApp,
} from '@crm/platform'
import { z } from 'zod'
import { actorOf, answerContactCommand, runForEach } from './run-contact-command'

const tags = ['contacts']
const idParams = z.object({ id: z.uuid() })

/** Edit, delete, assign and unassign: the contact's facts and per-division membership. */
export function contactMembershipRoutes(api: HttpApp, { store }: { store: EventStore }) {
  api.patch(
    '/contacts/:id',
    {
      schema: {
        response: { 200: commandAnswerSchema },
        tags,
        summary: 'Edit a contact (only the fields sent change)',
        params: idParams,
        body: updateContactSchema,
      },
    },
    async (request, reply) =>
      answerContactCommand(store, request, reply, request.params.id, {
        type: 'UpdateContact',
        actor: actorOf(request),
        changes: request.body,
      }),
  )

  api.delete(
    '/contacts/multiple',
    {
      preHandler: requirePermission('delete-contact'),
      schema: {
        response: { 200: bulkAnswerSchema },
        summary: 'Delete several contacts',
        tags,
        body: deleteContactsSchema,
      },
    },
    async (request, reply) => {
      if (request.body.ids.length === 0)
        throw badRequest(messages.noContactsSelected, { ids: messages.noContactsSelected })
      return runForEach(store, request, reply, request.body.ids, () => ({
        type: 'DeleteContact',
        actor: actorOf(request),
      }))
    },
  )

  api.delete(
    '/contacts/:id',
    {
      preHandler: requirePermission('delete-contact'),
      schema: { response: { 200: commandAnswerSchema }, summary: 'Delete a contact', tags, params: idParams },
    },
    async (request, reply) =>
      answerContactCommand(store, request, reply, request.params.id, {
        type: 'DeleteContact',
        actor: actorOf(request),
      }),
  )

  api.post(
    '/contacts/assignUser',
    {
      schema: {
        response: { 200: bulkAnswerSchema },
        summary: 'Assign contacts to a user in a division',
        tags,
        body: assignUserSchema,
      },
    },
    async (request, reply) => {
      const { model, ids, divisionId, isMasterDataAssign } = request.body
      if (ids.length === 0) throw badRequest(messages.selectContact, { ids: messages.selectContact })
      if (!model.assigned) throw badRequest(messages.selectUser, { 'model.assigned': messages.selectUser })
      const assigned = model.assigned
      if (divisionId !== request.user.divisionId && !worksAcrossDivisions(request.user)) throw forbidden()
      if (!mayAssignContactsTo(actorOf(request), assigned)) throw forbidden()
      return runForEach(store, request, reply, ids, () => ({
        type: 'AssignContact',
        actor: actorOf(request),
        divisionId,
        assigned,
        cscCreationDate: model.cscCreationDate ?? null,
        isMasterDataAssign,
      }))
    },
  )

  api.post(
    '/contacts/unassignContacts',
    {
      schema: {
        response: { 200: bulkAnswerSchema },
        summary: 'Unassign contacts in a division',
        tags,
        body: unassignContactsSchema,
      },
    },
    async (request, reply) => {
      const { contactIds, divisionId } = request.body
      if (contactIds.length === 0) throw badRequest(messages.selectContacts, { contactIds: messages.selectContacts })
      if (divisionId !== request.user.divisionId && !worksAcrossDivisions(request.user)) throw forbidden()
      // Taking contacts away from reps is a manager's job (the To Reassign list).
      if (!hasPermission(request.user, 'manager') && !hasPermission(request.user, 'assign-any')) throw forbidden()
      return runForEach(store, request, reply, contactIds, () => ({
        type: 'UnassignContact',
        actor: actorOf(request),
        divisionId,
      }))
    },
  )
}
