import {
  bulkStatusChangeSchema,
  closeContactSchema,
  contractLostSchema,
  convertContactSchema,
  convertUnassignedProspectSchema,
  giveUpSchema,
  lesseeSchema,
  statusChangeSchema,
  type ConvertContactInput,
  type LesseeInput,
  commandAnswerSchema,
  bulkAnswerSchema,
  ContactStatus,
} from '@crm/contracts'
import {
  forbidden,
  hasPermission,
  readSystemConfig,
  requirePermission,
  type EventStore,
  type HttpApp,
  currentTime,
} from '@crm/platform'
import type { Kysely } from 'kysely'
import type { ContactCommand, Actor } from './commands'
import { actorOf, answerContactCommand, runForEach } from './run-contact-command'

const tags = ['contact lifecycle']
const nowIso = () => currentTime().toISOString()

/** Status transitions of docs/product.md section 4 at the paths of section 7. */
export function contactStatusRoutes(api: HttpApp, { store, db }: { store: EventStore; db: Kysely<unknown> }): void {
  const toConvert = (actor: Actor, body: ConvertContactInput & { lessee?: LesseeInput }): ContactCommand => ({
    type: 'ConvertContact',
    actor,
    divisionId: body.divisionId,
    toStatusId: body.statusId,
    contactCategory: body.contactCategory,
    effortLevel: body.effortLevel,
    grade: body.grade,
    prospectSource: body.prospectSource,
    accountSource: body.accountSource,
    nationalityId: body.nationalityId,
    lessee: body.lessee ?? null,
    creationDate: body.creationDate ?? nowIso(),
  })
  // docs/product.md 7: convertContact answers 200.
  api.post(
    '/contacts/convertContact',
    {
      schema: {
        response: { 200: commandAnswerSchema },
        tags,
        summary: 'Convert Lead → Prospect or Prospect → Account',
        body: convertContactSchema,
      },
    },
    async (request, reply) =>
      answerContactCommand(store, request, reply, request.body.contactId, toConvert(actorOf(request), request.body)),
  )
  api.post(
    '/contacts/convertContact/lessee',
    {
      schema: {
        response: { 200: commandAnswerSchema },
        tags,
        summary: 'Convert Prospect → Account with the lessee found by MC search',
        body: convertContactSchema.extend({ lessee: lesseeSchema }),
      },
    },
    async (request, reply) =>
      answerContactCommand(store, request, reply, request.body.contactId, toConvert(actorOf(request), request.body)),
  )

  api.post(
    '/contacts/convert-un-prospect',
    {
      schema: {
        response: { 200: commandAnswerSchema },
        tags,
        summary: 'Convert a Lead to an unassigned Prospect',
        body: convertUnassignedProspectSchema,
      },
    },
    async (request, reply) => {
      const body = request.body
      return answerContactCommand(store, request, reply, body.contactId, {
        type: 'ConvertContact',
        actor: actorOf(request),
        divisionId: body.divisionId,
        toStatusId: ContactStatus.Prospect,
        unassigned: true,
        grade: body.grade,
        prospectSource: body.prospectSource,
        creationDate: body.creationDate ?? nowIso(),
      })
    },
  )

  api.post(
    '/contacts/status-change',
    {
      preHandler: requirePermission('change-contact-status'),
      schema: {
        response: { 200: commandAnswerSchema },
        tags,
        summary: 'Change a contact’s status in a division',
        body: statusChangeSchema,
      },
    },
    async (request, reply) => {
      const { contactId, divisionId, statusId, creationDate } = request.body
      return answerContactCommand(store, request, reply, contactId, {
        type: 'ChangeContactStatus',
        actor: actorOf(request),
        divisionId,
        statusId,
        withoutAdditionalActions: false,
        creationDate: creationDate ?? nowIso(),
      })
    },
  )

  api.post(
    '/contacts/change-contact-status-without-additional-actions',
    {
      preHandler: requirePermission('change-contact-status'),
      schema: {
        response: { 200: bulkAnswerSchema },
        tags,
        summary: 'Set the status of many contacts in a division, nothing else',
        body: bulkStatusChangeSchema,
      },
    },
    async (request, reply) => {
      const { contactIds, divisionId, statusId } = request.body
      const creationDate = nowIso()
      return runForEach(store, request, reply, contactIds, () => ({
        type: 'ChangeContactStatus',
        actor: actorOf(request),
        divisionId,
        statusId,
        withoutAdditionalActions: true,
        creationDate,
      }))
    },
  )

  for (const [path, type, summary] of [
    ['/contact-dead', 'MarkContactDead', 'Mark a contact Dead in a division'],
    ['/contact-not-qualified', 'MarkContactNotQualified', 'Mark a contact Not Qualified in a division'],
  ] as const) {
    api.post(
      path,
      { schema: { tags, summary, body: closeContactSchema, response: { 200: commandAnswerSchema } } },
      async (request, reply) => {
        const { contactId, divisionId, notes } = request.body
        return answerContactCommand(store, request, reply, contactId, {
          type,
          actor: actorOf(request),
          divisionId,
          notes: notes ?? null,
        })
      },
    )
  }

  api.post(
    '/contact-give-up',
    {
      schema: {
        response: { 200: commandAnswerSchema },
        tags,
        summary: 'Give up a contact (needs min_call_attempts call attempts)',
        body: giveUpSchema,
      },
    },
    async (request, reply) => {
      const { contactId, divisionId, giveUpReason, otherReasonNote } = request.body
      const { minCallAttempts } = await readSystemConfig(db, divisionId)
      return answerContactCommand(store, request, reply, contactId, {
        type: 'GiveUpContact',
        actor: actorOf(request),
        divisionId,
        giveUpReason: giveUpReason ?? null,
        otherReasonNote: otherReasonNote ?? null,
        minCallAttempts,
      })
    },
  )

  api.post(
    '/contract-lost',
    {
      schema: {
        response: { 200: commandAnswerSchema },
        tags,
        summary: 'Mark an Account contract lost',
        body: contractLostSchema,
      },
    },
    async (request, reply) => {
      const body = request.body
      const divisionId = body.divisionId ?? request.user.divisionId
      // Choosing another division than one's own needs its permission (docs/product.md 6).
      if (divisionId !== request.user.divisionId && !hasPermission(request.user, 'contract-lost-division')) {
        throw forbidden()
      }
      return answerContactCommand(store, request, reply, body.contactId, {
        type: 'MarkContractLost',
        actor: actorOf(request),
        divisionId,
        dateToFollowUp: body.dateToFollowUp ?? null,
        dateLost: body.dateLost,
        lostReason: body.lostReason,
        notes: body.notes ?? null,
        creationDateStatusChanges: body.creationDateStatusChanges ?? nowIso(),
      })
    },
  )
}
