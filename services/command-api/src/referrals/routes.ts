import {
  DEFAULT_TASK_TIME_ZONE,
  createReferralSchema,
  markReferralReadSchema,
  referralCommandAnswerSchema,
  referralSentAnswerSchema,
  updateReferralAttentionToSchema,
  updateReferralSchema,
} from '@crm/contracts'
import type { EventStore, HttpApp } from '@crm/platform'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { callerWithTeam } from '../command-handling/caller'
import { envelopeOf } from '../command-handling/command-envelope'
import { withPosition } from '../command-handling/respond'
import { assertSeesContact } from '../contacts/run-contact-command'
import { derived, latest, loadTask, runOnContact, runOnTask } from '../tasks/run-task'
import { moveTaskWithReferral } from './referral-task-due'
import { divisionOfUser, gradeDaysOf, loadReferral, runOnReferral } from './run-referral'
import { sendReferral } from './send-referral'

const tags = ['referrals']
const idParams = z.object({ id: z.uuid() })

/**
 * Referrals (docs/product.md 7): POST /referral sends one, PATCH /referral/{id} edits it (a grade moves its due
 * date, delayDate postpones it), PATCH /referral/update-attention-to/{id} reassigns it with its task, PATCH
 * /referral/mark-as-read/{id} records the payment.
 */
export function referralRoutes(api: HttpApp, { store, db }: { store: EventStore; db: Kysely<unknown> }): void {
  api.post(
    '/referral',
    {
      schema: {
        tags,
        summary: 'Refer a contact to another division: a task and a notification for the attention-to user',
        body: createReferralSchema,
        response: { 201: referralSentAnswerSchema },
      },
    },
    async (request, reply) => {
      const actor = await callerWithTeam(db, request)
      await assertSeesContact(store, actor, request.body.contactId)
      const sent = await sendReferral(store, db, envelopeOf(request), actor, request.body)
      const body = { id: sent.referralId, taskId: sent.taskId, message: sent.message }
      return reply.code(201).send(withPosition(reply, sent.position, body))
    },
  )

  api.patch(
    '/referral/:id',
    {
      schema: {
        tags,
        summary: 'Edit a referral (a new grade moves the due date; delayDate postpones it)',
        params: idParams,
        body: updateReferralSchema,
        response: { 200: referralCommandAnswerSchema },
      },
    },
    async (request, reply) => {
      const referralId = request.params.id
      const actor = await callerWithTeam(db, request)
      const envelope = envelopeOf(request)
      const state = await loadReferral(store, referralId)
      const result = await runOnReferral(
        store,
        referralId,
        {
          type: 'ChangeReferral',
          actor,
          changes: request.body,
          config: await gradeDaysOf(db, state.divisionId || request.user.divisionId),
          timeZone: request.body.timeZone ?? DEFAULT_TASK_TIME_ZONE,
        },
        envelope,
      )
      // The receiving user's task keeps the referral's due date.
      const moved = await moveTaskWithReferral(store, { referralId, taskId: state.taskId }, result, actor, envelope)
      return withPosition(reply, latest(result.position, moved), { id: referralId })
    },
  )

  api.patch(
    '/referral/update-attention-to/:id',
    {
      schema: {
        tags,
        summary: 'Give a referral, and its open task, to another user of the receiving division',
        params: idParams,
        body: updateReferralAttentionToSchema,
        response: { 200: referralCommandAnswerSchema },
      },
    },
    async (request, reply) => {
      const referralId = request.params.id
      const actor = await callerWithTeam(db, request)
      const envelope = envelopeOf(request)
      const to = request.body.attention_to
      const divisionOfAttentionTo = await divisionOfUser(db, to)
      const command = { type: 'ChangeAttentionTo' as const, actor, attentionTo: to, divisionOfAttentionTo }
      const result = await runOnReferral(store, referralId, command, envelope)
      let moved = null
      const referral = await loadReferral(store, referralId)
      const task = referral.taskId ? await loadTask(store, referral.taskId) : null
      if (result.events.length > 0 && task?.created && !task.deleted && !task.completion && task.assigned !== to) {
        // The referral's rule allowed the reassignment; its task follows as an effect of it.
        const effectActor = { ...actor, team: [...(actor.team ?? []), task.assigned!] }
        const marker = await runOnContact(
          store,
          task.contactId!,
          { type: 'OpenContactTask', taskId: task.taskId!, assigned: to },
          envelope,
          'referral-task-marker',
        )
        const assigned = await runOnTask(
          store,
          task.taskId!,
          { type: 'UpdateTask', actor: effectActor, changes: { assigned: to } },
          derived(envelope, 'referral-task'),
        )
        moved = latest(marker.position, assigned.position)
      }
      return withPosition(reply, latest(result.position, moved), { id: referralId })
    },
  )

  api.patch(
    '/referral/mark-as-read/:id',
    {
      schema: {
        tags,
        summary: 'Mark a referral as read with its payment (paymentDate, paymentAmount, payee): paymentStatus Paid',
        params: idParams,
        body: markReferralReadSchema,
        response: { 200: referralCommandAnswerSchema },
      },
    },
    async (request, reply) => {
      const referralId = request.params.id
      const actor = await callerWithTeam(db, request)
      const command = { type: 'MarkReferralRead' as const, actor, payment: request.body }
      const result = await runOnReferral(store, referralId, command, envelopeOf(request))
      return withPosition(reply, result.position, { id: referralId })
    },
  )
}
