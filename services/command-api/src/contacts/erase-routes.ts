import { commandAnswerSchema, erasePersonalDataSchema, personalDataRules, personalValues } from '@crm/contracts'
import {
  deleteOutboxMailTo,
  redactClearPersonalData,
  requirePermission,
  type EventStore,
  type HttpApp,
} from '@crm/platform'
import { sql, type Kysely } from 'kysely'
import { randomUUID } from 'node:crypto'
import { idsFor } from '../command-handling/ids'
import { z } from 'zod'
import { contactStreamId } from './contacts.events'
import { contactDecider } from './decide'
import { actorOf, answerContactCommand } from './run-contact-command'
import { loadAggregate } from '../command-handling/load-aggregate'

/**
 * Erasure of a contact's personal data (docs/decisions/035), administrators only. The key goes first, so that a
 * crash half-way never leaves the values readable once the erasure is on record; a repeated request completes
 * what an interrupted one began.
 */
export function eraseRoutes(api: HttpApp, { store, db }: { store: EventStore; db: Kysely<unknown> }): void {
  api.post(
    '/contacts/erase-personal-data/:id',
    {
      preHandler: requirePermission('admin'),
      schema: {
        summary: "Erase contact {id}'s personal data (right to be forgotten)",
        description:
          'Destroys the key that sealed the names, phones, email and street address of the contact and its additional ' +
          'contacts, the mail sent to it and the numbers it was called on: every read model, export, history and ' +
          'time-travel view then shows "erased" for them; statuses, activities and report numbers stay.',
        tags: ['contacts'],
        params: z.object({ id: z.uuid() }),
        body: erasePersonalDataSchema,
        response: { 200: commandAnswerSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      const actor = actorOf(request)
      // Missing: the same 404 as any command, decided before anything is destroyed.
      const { state, history } = await loadAggregate(store, contactStreamId(id), contactDecider)
      contactDecider.decide(
        state,
        { type: 'ErasePersonalData', actor, reason: null },
        { now: new Date(), ids: idsFor(randomUUID()) },
      )
      // The addresses it was mailed at, while they can still be read: the local outbox keeps copies of that mail.
      const addresses = history.flatMap((e) =>
        personalValues(e.data, personalDataRules[e.type]?.paths ?? [])
          .filter(([path]) => path.endsWith('email'))
          .map(([, value]) => String(value)),
      )
      await store.personalData?.erase(id)
      await deleteOutboxMailTo(db, addresses)
      if (store.name === 'postgres' || store.name === 'pglite') {
        // The contact's stream and every stream its story names (mail, calls), as the history knows them.
        const { rows } = await sql<{ stream_id: string }>`
          select distinct stream_id from stream_history where contact_id = ${id}::uuid`.execute(db)
        await redactClearPersonalData(db, id, [contactStreamId(id), ...rows.map((r) => r.stream_id)])
      }
      return answerContactCommand(store, request, reply, id, {
        type: 'ErasePersonalData',
        actor,
        reason: request.body.reason ?? null,
      })
    },
  )
}
