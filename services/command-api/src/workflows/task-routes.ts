import {
  bulkCommandResultSchema,
  commandAnswerSchema,
  completeTaskSchema,
  createTaskSchema,
  deleteTasksSchema,
  messages,
  taskCommandResultSchema,
  updateTaskSchema,
} from '@crm/contracts'
import {
  DomainError,
  HttpProblem,
  hasPermission,
  readSystemConfig,
  type EventStore,
  type FileStorage,
  type HttpApp,
  type Logger,
} from '@crm/platform'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { acceptMultipartBody, discardUploads } from '../attachments/multipart-body'
import { envelopeOf, type CommandEnvelope } from '../command-handling/command-envelope'
import { idsFor } from '../command-handling/ids'
import { withPosition } from '../command-handling/respond'
import type { ReminderScheduler } from '../reminders/reminder-scheduler'
import { callerWithTeam } from '../command-handling/caller'
import type { Actor } from '../contacts/commands'
import { assertSeesContact } from '../contacts/run-contact-command'
import { assertReferralOfContact } from '../referrals/run-referral'
import { completeAndFollowUp } from './complete-task'
import { taskDecider } from '../tasks/decide'
import { DEFAULT_TIME_ZONE } from '../tasks/next-step'
import { assertMayAssignTask } from '../tasks/may-assign'
import { latest, loadTask, runOnContact, runOnTask } from '../tasks/run-task'

const idParams = z.object({ id: z.uuid() })

export interface TaskRouteDeps {
  store: EventStore
  db: Kysely<unknown>
  /** Where attachments go (DATA_DIR/files, as business cards). */
  files: FileStorage
  /** Queues reminders after a change; absent where no jobs run (then the sweep of the job process does). */
  reminders?: ReminderScheduler
  logger?: Logger
}

/**
 * Tasks (docs/product.md 7): POST /task, PATCH /task/{id}, DELETE /task/{id}, POST /task/complete/{id} (the
 * complete_task modal: next step, activity, follow-up task). POST /task and the completion take JSON, or
 * multipart: the JSON body in the text field `dataForTask` and up to 5 files in `attachments` (one field
 * name for both, so the web client builds both forms alike).
 */
export function taskRoutes(api: HttpApp, { store, db, files, reminders, logger }: TaskRouteDeps): void {
  // A reminder is queued after its task is saved; failing to queue it never fails the command (the sweep
  // of the job process finds it in the read model).
  const remindLater = async (taskId: string) => {
    await reminders?.taskChanged(taskId).catch((error: unknown) => logger?.warn({ err: error }, 'reminder not queued'))
  }

  // Multipart only in this scope: the other task routes keep answering JSON only. Not awaited: avvio loads it
  // with the enclosing plugin.
  void api.register(async (plain) => {
    const scope = plain as unknown as HttpApp
    await acceptMultipartBody(scope, { files, jsonField: 'dataForTask', fileField: 'attachments' })
    scope.post(
      '/task',
      {
        schema: {
          tags: ['tasks'],
          summary: 'Create a task (JSON, or multipart with dataForTask and up to 5 attachments)',
          body: createTaskSchema,
          response: { 201: taskCommandResultSchema },
        },
      },
      async (request, reply) => {
        const body = request.body
        const assigned = body.assigned ?? request.user.userId
        const actor = await callerWithTeam(db, request)
        await assertSeesContact(store, actor, body.contactId)
        if (body.referralId) await assertReferralOfContact(store, actor, body.referralId, body.contactId)
        await assertMayAssignTask(db, request.user, assigned)
        const envelope = envelopeOf(request)
        const taskId = idsFor(envelope.commandId, 'task').next()
        // The contact's open-task marker first: a refusal there leaves no task behind.
        const marker = await runOnContact(
          store,
          body.contactId,
          { type: 'OpenContactTask', taskId, assigned },
          envelope,
          'contact',
        )
        const result = await runOnTask(
          store,
          taskId,
          {
            type: 'CreateTask',
            actor,
            taskId,
            data: { ...body, assigned, divisionId: body.divisionId ?? request.user.divisionId },
            timeZone: body.timeZone ?? DEFAULT_TIME_ZONE,
            followsTaskId: null,
          },
          envelope,
        )
        if (result.duplicate) await discardUploads(request, files)
        else await remindLater(taskId)
        return reply.code(201).send(withPosition(reply, latest(marker.position, result.position), { id: taskId }))
      },
    )

    // The earlier release's POST /task/{id}/complete answers as ever (within /api/v1 paths are only added):
    // the same handler, marked deprecated in the document (docs/decisions/015-api-contract.md).
    for (const [path, deprecated] of [
      ['/task/complete/:id', false],
      ['/task/:id/complete', true],
    ] as const) {
      scope.post(
        path,
        {
          schema: {
            tags: ['tasks'],
            summary:
              'Complete a task with a next step (JSON, or multipart with dataForTask and up to 5 attachments); logs the activity with the files and creates the follow-up task',
            ...(deprecated && {
              deprecated: true,
              description: 'The earlier path of POST /task/complete/{id}, answering alike; use that one.',
            }),
            params: idParams,
            body: completeTaskSchema,
            response: { 200: taskCommandResultSchema },
          },
        },
        async (request, reply) => {
          const taskId = request.params.id
          const state = await loadTask(store, taskId)
          const config = await readSystemConfig(db, state.divisionId ?? request.user.divisionId)
          const { position, followUpTaskId, duplicate } = await completeAndFollowUp(store, envelopeOf(request), {
            type: 'CompleteTask',
            actor: await callerWithTeam(db, request),
            taskId,
            data: request.body,
            timeZone: request.body.timeZone ?? DEFAULT_TIME_ZONE,
            config,
            mayChooseNone: hasPermission(request.user, 'none-next-step'),
          })
          if (duplicate) await discardUploads(request, files)
          return withPosition(reply, position, { id: taskId, followUpTaskId })
        },
      )
    }
  })

  api.patch(
    '/task/:id',
    {
      schema: {
        response: { 200: commandAnswerSchema },
        tags: ['tasks'],
        summary: 'Edit or reassign a task',
        params: idParams,
        body: updateTaskSchema,
      },
    },
    async (request, reply) => {
      const taskId = request.params.id
      const envelope = envelopeOf(request)
      const actor = await callerWithTeam(db, request)
      const command = { type: 'UpdateTask' as const, actor, changes: request.body }
      const state = await loadTask(store, taskId)
      let markerPosition = null
      const { assigned } = request.body
      if (assigned !== undefined && assigned !== state.assigned) {
        // Decide on the task first (it may be gone, completed, or not the caller's to see) before asking whether
        // the caller may give it to that user, and before moving the contact's marker.
        taskDecider.decide(state, command, { now: new Date(), ids: idsFor(envelope.commandId) })
        await assertMayAssignTask(db, request.user, assigned)
        const moved = { type: 'OpenContactTask' as const, taskId, assigned }
        markerPosition = (await runOnContact(store, state.contactId!, moved, envelope, 'contact')).position
      }
      const result = await runOnTask(store, taskId, command, envelope)
      await remindLater(taskId)
      return withPosition(reply, latest(markerPosition, result.position), { id: taskId })
    },
  )

  /** One task deleted, and its contact's open-task marker closed, under the given command envelope. */
  const deleteTask = async (taskId: string, envelope: CommandEnvelope, actor: Actor) => {
    const result = await runOnTask(store, taskId, { type: 'DeleteTask', actor }, envelope)
    const contactId = (await loadTask(store, taskId)).contactId!
    const closed = { type: 'CloseContactTask' as const, taskId, reason: 'deleted' as const }
    const marker = await runOnContact(store, contactId, closed, envelope, 'contact')
    return latest(result.position, marker.position)
  }

  api.delete(
    '/task/:id',
    { schema: { response: { 200: commandAnswerSchema }, tags: ['tasks'], summary: 'Delete a task', params: idParams } },
    async (request, reply) => {
      const taskId = request.params.id
      const position = await deleteTask(taskId, envelopeOf(request), await callerWithTeam(db, request))
      return withPosition(reply, position, { id: taskId })
    },
  )

  api.post(
    '/task/delete',
    {
      schema: {
        tags: ['tasks'],
        summary: 'Delete several tasks; each is decided on its own (a refused one does not undo the others)',
        body: deleteTasksSchema,
        response: { 200: bulkCommandResultSchema },
      },
    },
    async (request, reply) => {
      const envelope = envelopeOf(request)
      const actor = await callerWithTeam(db, request)
      let position: string | null = null
      const failed: { id: string; message: string }[] = []
      const ids = [...new Set(request.body.ids)]
      for (const taskId of ids) {
        try {
          // A command id of its own per task: a retried request deletes nothing twice.
          const done = await deleteTask(taskId, { ...envelope, commandId: `${envelope.commandId}:${taskId}` }, actor)
          position = latest(position, done)
        } catch (error) {
          // Rule and HTTP answers (404 for a task the caller may not see) are the user's; others stay in the log.
          const known = error instanceof DomainError || error instanceof HttpProblem
          if (!known) request.log.error({ err: error, taskId }, 'bulk task delete failed')
          failed.push({ id: taskId, message: known ? error.message : messages.somethingWentWrong })
        }
      }
      return withPosition(reply, position, { done: ids.length - failed.length, failed })
    },
  )
}
