import { completeTaskSchema, createTaskSchema, taskCommandResultSchema, updateTaskSchema } from '@crm/contracts'
import { forbidden, hasPermission, readSystemConfig, type EventStore, type HttpApp } from '@crm/platform'
import type { FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { envelopeOf } from '../command-handling/command-envelope'
import { idsFor } from '../command-handling/ids'
import { withPosition } from '../command-handling/respond'
import type { Actor } from './commands'
import { completeAndFollowUp } from './complete-task'
import { taskDecider } from './decide'
import { DEFAULT_TIME_ZONE } from './next-step'
import { latest, loadTask, runOnContact, runOnTask } from './run-task'

const idParams = z.object({ id: z.uuid() })
const actorOf = (request: FastifyRequest): Actor => ({
  userId: request.user.userId,
  divisionId: request.user.divisionId,
})

/** SPEC.md 6: without assign-any, users assign tasks only to themselves. */
function assertMayAssign(request: FastifyRequest, assigned: string): void {
  if (assigned !== request.user.userId && !hasPermission(request.user, 'assign-any')) throw forbidden()
}

/**
 * Tasks (SPEC.md 7): POST /task, PATCH /task/{id}, DELETE /task/{id}, POST /task/{id}/complete (the
 * complete_task modal: next step, activity, follow-up task). JSON bodies; multipart attachments come later.
 */
export function taskRoutes(api: HttpApp, { store, db }: { store: EventStore; db: Kysely<unknown> }): void {
  api.post(
    '/task',
    {
      schema: {
        tags: ['tasks'],
        summary: 'Create a task',
        body: createTaskSchema,
        response: { 201: taskCommandResultSchema },
      },
    },
    async (request, reply) => {
      const body = request.body
      const assigned = body.assigned ?? request.user.userId
      assertMayAssign(request, assigned)
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
          actor: actorOf(request),
          taskId,
          data: { ...body, assigned, divisionId: body.divisionId ?? request.user.divisionId },
          timeZone: body.timeZone ?? DEFAULT_TIME_ZONE,
          followsTaskId: null,
        },
        envelope,
      )
      return reply.code(201).send(withPosition(reply, latest(marker.position, result.position), { id: taskId }))
    },
  )

  api.patch(
    '/task/:id',
    { schema: { tags: ['tasks'], summary: 'Edit or reassign a task', params: idParams, body: updateTaskSchema } },
    async (request, reply) => {
      const taskId = request.params.id
      const envelope = envelopeOf(request)
      const command = { type: 'UpdateTask' as const, actor: actorOf(request), changes: request.body }
      const state = await loadTask(store, taskId)
      let markerPosition = null
      const { assigned } = request.body
      if (assigned !== undefined && assigned !== state.assigned) {
        assertMayAssign(request, assigned)
        // Decide on the task first (it may be completed or gone) before moving the contact's marker.
        taskDecider.decide(state, command, { now: new Date(), ids: idsFor(envelope.commandId) })
        const moved = { type: 'OpenContactTask' as const, taskId, assigned }
        markerPosition = (await runOnContact(store, state.contactId!, moved, envelope, 'contact')).position
      }
      const result = await runOnTask(store, taskId, command, envelope)
      return withPosition(reply, latest(markerPosition, result.position), { id: taskId })
    },
  )

  api.delete(
    '/task/:id',
    { schema: { tags: ['tasks'], summary: 'Delete a task', params: idParams } },
    async (request, reply) => {
      const taskId = request.params.id
      const envelope = envelopeOf(request)
      const result = await runOnTask(store, taskId, { type: 'DeleteTask', actor: actorOf(request) }, envelope)
      const contactId = (await loadTask(store, taskId)).contactId!
      const closed = { type: 'CloseContactTask' as const, taskId, reason: 'deleted' as const }
      const marker = await runOnContact(store, contactId, closed, envelope, 'contact')
      return withPosition(reply, latest(result.position, marker.position), { id: taskId })
    },
  )

  api.post(
    '/task/:id/complete',
    {
      schema: {
        tags: ['tasks'],
        summary: 'Complete a task with a next step; logs the activity and creates the follow-up task',
        params: idParams,
        body: completeTaskSchema,
        response: { 200: taskCommandResultSchema },
      },
    },
    async (request, reply) => {
      const taskId = request.params.id
      const state = await loadTask(store, taskId)
      const config = await readSystemConfig(db, state.divisionId ?? request.user.divisionId)
      const { position, followUpTaskId } = await completeAndFollowUp(store, envelopeOf(request), {
        type: 'CompleteTask',
        actor: actorOf(request),
        taskId,
        data: request.body,
        timeZone: request.body.timeZone ?? DEFAULT_TIME_ZONE,
        config,
        mayChooseNone: hasPermission(request.user, 'none-next-step'),
      })
      return withPosition(reply, position, { id: taskId, followUpTaskId })
    },
  )
}
