import {
  attachmentMessages,
  linkAttachmentsSchema,
  taskMessages,
  editActivitySchema,
  logActivitySchema,
  setActivityInactiveSchema,
  commandAnswerSchema,
  addedToContactAnswerSchema,
} from '@crm/contracts'
import { badRequest, notFound, type EventStore, type FileStorage, type HttpApp } from '@crm/platform'
import { canSeeWorkOf } from '@crm/contracts'
import { loadTask } from '../tasks/run-task'
import { z } from 'zod'
import { actorOf, answerAddToContact, answerContactCommand } from '../contacts/run-contact-command'
import { authorityOf, mayDirectMail } from './authority'
import { sharedNoteRoutes } from './shared-note-routes'

const tags = ['activities']
const idParams = z.object({ id: z.uuid() })

/**
 * Activities (docs/product.md 7 "Activities"): POST /activity logs a call, email, meeting... as ActivityLogged on the
 * contact's stream (`source: 'no-answer'` marks the status bar's No Answer); PATCH /activity/{id} edits it and
 * PATCH /activity/set-inactive/{id} withdraws it. Both take the contact in the body: the activity lives on
 * that contact's stream. Shared notes and comments are mounted here too.
 */
export function activityRoutes(api: HttpApp, { store, files }: { store: EventStore; files: FileStorage }): void {
  api.post(
    '/activity',
    {
      schema: {
        response: { 201: addedToContactAnswerSchema },
        tags,
        summary: 'Log an activity for a contact',
        body: logActivitySchema.extend({ source: z.enum(['form', 'no-answer']).default('form') }),
      },
    },
    (request, reply) => {
      const body = request.body
      return answerAddToContact(store, request, reply, body.contactId, 'activity', (activityId) => ({
        type: 'LogActivity',
        actor: actorOf(request),
        activityId,
        source: body.source,
        mayDirectMail: mayDirectMail(request),
        data: { ...body, divisionId: body.divisionId ?? request.user.divisionId },
      }))
    },
  )

  api.patch(
    '/activity/set-inactive/:id',
    {
      schema: {
        response: { 200: commandAnswerSchema },
        tags,
        summary: 'Set activity {id} inactive',
        params: idParams,
        body: setActivityInactiveSchema,
      },
    },
    (request, reply) =>
      answerContactCommand(store, request, reply, request.body.contactId, {
        type: 'InactivateActivity',
        actor: actorOf(request),
        activityId: request.params.id,
        authority: authorityOf(request),
      }),
  )

  api.patch(
    '/activity/:id',
    {
      schema: {
        response: { 200: commandAnswerSchema },
        tags,
        summary: 'Edit activity {id}',
        params: idParams,
        body: editActivitySchema,
      },
    },
    (request, reply) => {
      const { contactId, ...changes } = request.body
      return answerContactCommand(store, request, reply, contactId, {
        type: 'EditActivity',
        actor: actorOf(request),
        activityId: request.params.id,
        changes,
        authority: authorityOf(request),
        mayDirectMail: mayDirectMail(request),
      })
    },
  )

  api.post(
    '/activity/link-attachments',
    {
      schema: {
        response: { 200: commandAnswerSchema },
        tags,
        summary: "Join a task's files (all, or those named by key) to an activity of the same contact",
        body: linkAttachmentsSchema,
      },
    },
    async (request, reply) => {
      const { contactId, activityId, taskId, keys } = request.body
      // The files are authorized through the task that owns them: a task one may not see is a missing one.
      const task = await loadTask(store, taskId)
      const actor = actorOf(request)
      if (!task.created || task.deleted || task.contactId !== contactId || !canSeeWorkOf(actor, task.assigned)) {
        throw notFound(taskMessages.taskNotFound)
      }
      const attachments = keys ? task.attachments.filter((a) => keys.includes(a.key)) : task.attachments
      if (keys && attachments.length !== new Set(keys).size) {
        throw badRequest(attachmentMessages.notFound, { keys: attachmentMessages.notFound })
      }
      return answerContactCommand(store, request, reply, contactId, {
        type: 'LinkAttachments',
        actor,
        activityId,
        attachments,
        authority: authorityOf(request),
      })
    },
  )

  sharedNoteRoutes(api, { store, files })
}
