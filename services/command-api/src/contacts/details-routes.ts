import {
  addAdditionalContactSchema,
  outOfBusinessSchema,
  personalNoteSchema,
  raiseRedFlagSchema,
  resolveRedFlagSchema,
  updateAdditionalContactSchema,
  updatePersonalNoteSchema,
  commandAnswerSchema,
  addedToContactAnswerSchema,
} from '@crm/contracts'
import { type EventStore, type HttpApp } from '@crm/platform'
import { z } from 'zod'
import { actorOf, answerAddToContact, answerContactCommand } from './run-contact-command'

const idParams = z.object({ id: z.uuid() })
const contactQuery = z.object({ contactId: z.uuid() })

/** Red flags, out of business, additional contacts and personal notes (docs/product.md 7 paths). */
export function contactDetailsRoutes(api: HttpApp, { store }: { store: EventStore }): void {
  api.post(
    '/contacts/createContactsRedFlags',
    {
      schema: {
        response: { 201: addedToContactAnswerSchema },
        summary: 'Raise a red flag on a contact',
        tags: ['red flags'],
        body: raiseRedFlagSchema,
      },
    },
    (request, reply) =>
      answerAddToContact(store, request, reply, request.body.contactId, 'red-flag', (redFlagId) => ({
        type: 'RaiseRedFlag',
        actor: actorOf(request),
        redFlagId,
        divisionId: request.body.divisionId ?? request.user.divisionId,
        note: request.body.note,
      })),
  )
  api.patch(
    '/contacts/updateRedFlag/:id',
    {
      schema: {
        response: { 200: commandAnswerSchema },
        tags: ['red flags'],
        summary: 'Resolve red flag {id}',
        params: idParams,
        body: resolveRedFlagSchema,
      },
    },
    (request, reply) =>
      answerContactCommand(store, request, reply, request.body.contactId, {
        type: 'ResolveRedFlag',
        actor: actorOf(request),
        redFlagId: request.params.id,
        resolution: request.body.resolution ?? null,
      }),
  )

  api.post(
    '/contacts/createOutOfBusiness',
    {
      schema: {
        response: { 200: commandAnswerSchema },
        summary: 'Mark a contact out of business',
        tags: ['contacts'],
        body: outOfBusinessSchema,
      },
    },
    (request, reply) =>
      answerContactCommand(store, request, reply, request.body.contactId, {
        type: 'MarkOutOfBusiness',
        actor: actorOf(request),
        outOfBusiness: request.body.outOfBusiness,
        note: request.body.note ?? null,
      }),
  )

  const additional = ['additional contacts']
  api.post(
    '/contactsAdditional',
    {
      schema: {
        response: { 201: addedToContactAnswerSchema },
        summary: 'Add an additional contact person to a contact',
        tags: additional,
        body: addAdditionalContactSchema,
      },
    },
    (request, reply) => {
      const { contactId, ...data } = request.body
      return answerAddToContact(store, request, reply, contactId, 'additional-contact', (additionalContactId) => ({
        type: 'AddAdditionalContact',
        actor: actorOf(request),
        additionalContactId,
        data,
      }))
    },
  )
  api.patch(
    '/contactsAdditional/:id',
    {
      schema: {
        response: { 200: commandAnswerSchema },
        summary: 'Edit additional contact person {id}',
        tags: additional,
        params: idParams,
        body: updateAdditionalContactSchema,
      },
    },
    (request, reply) => {
      const { contactId, ...data } = request.body
      return answerContactCommand(store, request, reply, contactId, {
        type: 'UpdateAdditionalContact',
        actor: actorOf(request),
        additionalContactId: request.params.id,
        data,
      })
    },
  )
  api.delete(
    '/contactsAdditional/:id',
    {
      schema: {
        response: { 200: commandAnswerSchema },
        summary: 'Remove additional contact person {id}',
        tags: additional,
        params: idParams,
        querystring: contactQuery,
      },
    },
    (request, reply) =>
      answerContactCommand(store, request, reply, request.query.contactId, {
        type: 'RemoveAdditionalContact',
        actor: actorOf(request),
        additionalContactId: request.params.id,
      }),
  )

  const notes = ['personal notes']
  api.post(
    '/contact-personal-notes',
    {
      schema: {
        response: { 201: addedToContactAnswerSchema },
        summary: 'Add a personal note on a contact',
        tags: notes,
        body: personalNoteSchema,
      },
    },
    (request, reply) =>
      answerAddToContact(store, request, reply, request.body.contactId, 'personal-note', (noteId) => ({
        type: 'AddPersonalNote',
        actor: actorOf(request),
        noteId,
        note: request.body.note,
        additionalContactId: request.body.additionaContactId ?? null,
      })),
  )
  api.patch(
    '/contact-personal-notes/:id',
    {
      schema: {
        response: { 200: commandAnswerSchema },
        summary: 'Edit personal note {id}',
        tags: notes,
        params: idParams,
        body: updatePersonalNoteSchema,
      },
    },
    (request, reply) =>
      answerContactCommand(store, request, reply, request.body.contactId, {
        type: 'UpdatePersonalNote',
        actor: actorOf(request),
        noteId: request.params.id,
        note: request.body.note,
      }),
  )
  api.delete(
    '/contact-personal-notes/:id',
    {
      schema: {
        response: { 200: commandAnswerSchema },
        summary: 'Remove personal note {id}',
        tags: notes,
        params: idParams,
        querystring: contactQuery,
      },
    },
    (request, reply) =>
      answerContactCommand(store, request, reply, request.query.contactId, {
        type: 'RemovePersonalNote',
        actor: actorOf(request),
        noteId: request.params.id,
      }),
  )
}
