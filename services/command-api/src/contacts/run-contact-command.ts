import {
  DomainError,
  HttpProblem,
  badRequest,
  currentTime,
  notFound,
  type EventStore,
  type StreamAppend,
} from '@crm/platform'
import { messages, type ContactEvent } from '@crm/contracts'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { callerOf } from '../command-handling/caller'
import { envelopeOf, type CommandEnvelope } from '../command-handling/command-envelope'
import { FieldRuleError } from '../command-handling/field-rule-error'
import { decideOnHistory, handleCommand, type CommandResult } from '../command-handling/handle-command'
import { idsFor } from '../command-handling/ids'
import { withPosition } from '../command-handling/respond'
import type { Actor, ContactCommand } from './commands'
import { contactStreamId } from './contacts.events'
import { contactDecider } from './decide'
import { assertVisibleTo } from './rules'
import { loadAggregate } from '../command-handling/load-aggregate'

export const actorOf = (request: FastifyRequest): Actor => callerOf(request)

/** Contacts of a bulk action read and appended together (one round trip each way). */
const BULK = 100

/**
 * For commands of other aggregates that name a contact (a task, a meeting): the contact must exist and the actor
 * must see it, decided by the same rule as the contact's own commands (404 otherwise), before anything is appended.
 */
export async function assertSeesContact(store: EventStore, actor: Actor, contactId: string): Promise<void> {
  const { state } = await loadAggregate(store, contactStreamId(contactId), contactDecider)
  if (!state.created || state.deleted) throw notFound('Contact not found')
  assertVisibleTo(state, actor)
}

/** Runs one command on one contact's stream; field rules become a 400 with the message under the field. */
export async function runContactCommand(
  store: EventStore,
  contactId: string,
  command: ContactCommand,
  envelope: CommandEnvelope,
): Promise<CommandResult<ContactEvent>> {
  try {
    return await handleCommand(store, contactDecider, contactStreamId(contactId), command, envelope)
  } catch (error) {
    if (error instanceof FieldRuleError) throw badRequest(error.message, error.errors)
    throw error
  }
}

/** The common route body: one command on the contact named in the request, answered with its position. */
export async function answerContactCommand<T extends object>(
  store: EventStore,
  request: FastifyRequest,
  reply: FastifyReply,
  contactId: string,
  command: ContactCommand,
  body: T = {} as T,
) {
  const result = await runContactCommand(store, contactId, command, envelopeOf(request))
  return withPosition(reply, result.position, { ...body, id: contactId })
}

/**
 * A command that adds a record to a contact (an activity, a note, a red flag...), answered 201 with the new
 * id: the id is derived from the command id, so a retried request gets the same one.
 */
export async function answerAddToContact(
  store: EventStore,
  request: FastifyRequest,
  reply: FastifyReply,
  contactId: string,
  purpose: string,
  command: (newId: string) => ContactCommand,
  /** Runs when the request repeats one already handled (same Idempotency-Key), e.g. to drop its uploads. */
  onRepeat?: () => Promise<void>,
) {
  const envelope = envelopeOf(request)
  const newId = idsFor(envelope.commandId, purpose).next()
  const result = await runContactCommand(store, contactId, command(newId), envelope)
  if (result.duplicate) await onRepeat?.()
  return reply.code(201).send(withPosition(reply, result.position, { id: newId, contactId }))
}

/**
 * A command over many contacts (bulk actions): each contact is its own stream and its own decision, under
 * a command id derived from the request's, so a retried request appends nothing twice. Answers with the
 * highest position and the per-contact failures (a refused contact does not undo the others).
 */
export async function runForEach(
  store: EventStore,
  request: FastifyRequest,
  reply: FastifyReply,
  contactIds: readonly string[],
  commandFor: (contactId: string) => ContactCommand,
) {
  const envelope = envelopeOf(request)
  const now = currentTime()
  let position: string | null = null
  const moved = (at: string | null) => {
    if (at && (!position || at > position)) position = at
  }
  const failed: { id: string; message: string }[] = []
  const fail = (contactId: string, error: unknown) => {
    const problem = error instanceof FieldRuleError ? badRequest(error.message, error.errors) : error
    // Rule and HTTP answers are user-facing; anything else is an internal failure and stays in the log.
    const known = problem instanceof DomainError || problem instanceof HttpProblem
    if (!known) request.log.error({ err: problem, contactId }, 'bulk contact command failed')
    failed.push({ id: contactId, message: known ? problem.message : messages.somethingWentWrong })
  }
  const envelopeFor = (contactId: string) => ({ ...envelope, commandId: `${envelope.commandId}:${contactId}` })
  const ids = [...new Set(contactIds)]
  // In chunks: the chunk's streams read in one round trip, each contact decided on its own history, the
  // changes appended in one call (one transaction on PostgreSQL and PGlite, and one batch for the read side).
  for (let i = 0; i < ids.length; i += BULK) {
    const chunk = ids.slice(i, i + BULK)
    const histories = await store.readStreams(chunk.map(contactStreamId))
    const appends: { contactId: string; append: StreamAppend }[] = []
    for (const contactId of chunk) {
      try {
        const streamId = contactStreamId(contactId)
        const history = histories.get(streamId) ?? []
        const decision = decideOnHistory(
          contactDecider,
          streamId,
          history,
          commandFor(contactId),
          envelopeFor(contactId),
          now,
        )
        if (!decision.duplicate && decision.append) appends.push({ contactId, append: decision.append })
        else moved(decision.position)
      } catch (error) {
        fail(contactId, error)
      }
    }
    const outcomes = appends.length > 0 ? await store.appendToStreams(appends.map((a) => a.append)) : []
    for (const [k, outcome] of outcomes.entries()) {
      if (outcome.ok) {
        moved(outcome.position)
        continue
      }
      // A writer in between: this contact is decided again on its stream as it is now, alone.
      const { contactId } = appends[k]!
      try {
        moved((await runContactCommand(store, contactId, commandFor(contactId), envelopeFor(contactId))).position)
      } catch (error) {
        fail(contactId, error)
      }
    }
  }
  failed.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id))
  return withPosition(reply, position, { done: contactIds.length - failed.length, failed })
}
