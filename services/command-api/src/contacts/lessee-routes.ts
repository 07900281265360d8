import { changeLesseeSchema, messages, setLesseeSchema, type LesseeInput, commandAnswerSchema } from '@crm/contracts'
import { badRequest, type EventStore, type HttpApp } from '@crm/platform'
import { sql, type Kysely } from 'kysely'
import { z } from 'zod'
import { actorOf, answerContactCommand } from './run-contact-command'

const tags = ['lessees']

/**
 * A lessee's MC number must not belong to another contact unless the lessee was picked from the MC search
 * (then it is that contact). Checked against the contacts read model: a uniqueness guard across streams,
 * eventually consistent by a moment, which is what docs/product.md's form-level message needs.
 */
async function assertMcFree(db: Kysely<unknown>, contactId: string, lessee: LesseeInput): Promise<void> {
  const { rows } = await sql<{ id: string }>`
    select id from contacts_list
    where mc_number = ${lessee.mcNumber.trim()} and not deleted and id <> ${contactId}::uuid
    limit 5`.execute(db)
  const others = rows.filter((r) => r.id !== lessee.lesseeContactId)
  if (others.length > 0) throw badRequest(messages.lesseeMcTaken, { mcNumber: messages.lesseeMcTaken })
}

export function lesseeRoutes(api: HttpApp, { store, db }: { store: EventStore; db: Kysely<unknown> }): void {
  api.post(
    '/contacts/create/lessee',
    {
      schema: {
        response: { 200: commandAnswerSchema },
        summary: 'Set the lessee of a contact',
        tags,
        body: setLesseeSchema,
      },
    },
    async (request, reply) => {
      const { contactId, ...lessee } = request.body
      await assertMcFree(db, contactId, lessee)
      return answerContactCommand(store, request, reply, contactId, {
        type: 'SetLessee',
        actor: actorOf(request),
        lessee,
      })
    },
  )

  api.patch(
    // docs/product.md 7 names the GET's parameter mc and this one contactId; to OpenAPI both are one path, so
    // both are {id}: here the contact's id, there the MC number.
    '/contacts/lessee/:id',
    {
      schema: {
        response: { 200: commandAnswerSchema },
        summary: 'Change the lessee of contact {id}',
        tags,
        params: z.object({ id: z.uuid().describe("The contact's id") }),
        body: changeLesseeSchema,
      },
    },
    async (request, reply) => {
      const contactId = request.params.id
      await assertMcFree(db, contactId, request.body)
      return answerContactCommand(store, request, reply, contactId, {
        type: 'SetLessee',
        actor: actorOf(request),
        lessee: request.body,
      })
    },
  )

  api.delete(
    '/contacts/remove-lessee-contact/:id',
    {
      schema: {
        response: { 200: commandAnswerSchema },
        tags,
        summary: 'Remove the lessee of contact {id}',
        params: z.object({ id: z.uuid() }),
      },
    },
    async (request, reply) =>
      answerContactCommand(store, request, reply, request.params.id, { type: 'RemoveLessee', actor: actorOf(request) }),
  )
}
