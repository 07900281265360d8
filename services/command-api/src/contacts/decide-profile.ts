import {
  collectionFactsForbidden,
  collectionFieldsIn,
  mayEditCollectionFacts,
  type ContactEvent,
  type ContactFields,
  type ContactProfile,
} from '@crm/contracts'
import { DomainError, forbidden, notFound } from '@crm/platform'
import type { Actor } from './commands'
import type {
  CreateContactCommand,
  DeleteContactCommand,
  ErasePersonalDataCommand,
  UpdateContactCommand,
} from './commands'
import type { DecideContext } from '../command-handling/decider'
import { withFlagRule } from './decide-flags'
import { assertLive } from './rules'
import type { ContactState } from '@crm/contracts'
import { ratedEffortLevel } from './effort-level'

export const contactAlreadyExists = 'Contact already exists'

export function createContact(state: ContactState, { contactId, data, actor }: CreateContactCommand): ContactEvent[] {
  if (state.created) throw new DomainError(contactAlreadyExists)
  const { divisionId, statusId, assigned, saferPhone, saferMobilePhone, ...rest } = data
  const { currentBalance, daysLate, lastCollectionActivity, ...fields } = rest
  const division = divisionId ?? actor.divisionId
  // The facts beyond ContactCreated's own travel as the contact's first edit, in the same append.
  const extras = Object.fromEntries(
    Object.entries({ saferPhone, saferMobilePhone, currentBalance, daysLate, lastCollectionActivity }).filter(
      ([, value]) => value !== undefined && value !== null && value !== '',
    ),
  ) as Partial<ContactProfile>
  assertMayChangeCollection(actor, extras)
  const events: ContactEvent[] = [
    {
      type: 'ContactCreated',
      data: {
        ...normalize(fields),
        contactId,
        divisionId: division,
        statusId,
        // Omitted means "mine"; an explicit null creates an unassigned contact.
        assigned: assigned === undefined ? actor.userId : assigned,
        importDate: null,
      },
    },
  ]
  if (Object.keys(extras).length > 0) {
    events.push({ type: 'ContactUpdated', data: { contactId, changes: normalize(extras as ContactFields) } })
  }
  const rated = ratedEffortLevel(fields)
  if (rated !== null) {
    events.push({
      type: 'ContactEffortLevelSet',
      data: { contactId, divisionId: division, effortLevel: rated, auto: true },
    })
  }
  return events
}

/**
 * PATCH /contacts/{id}: records only what changed. For the auto-rated company types the effort level
 * follows the trucks in every division (docs/product.md 9), so a change of trucks or type re-rates it. The
 * logistics toggles are switched only where the contact's logistics status offers them (withFlagRule), on this
 * route as on the logistics customer's.
 */
export function updateContact(
  state: ContactState,
  command: UpdateContactCommand,
  context: Pick<DecideContext, 'now'>,
): ContactEvent[] {
  assertLive(state)
  const before = state.profile!
  const ruled = withFlagRule(state, command.changes as Partial<ContactProfile>, context.now)
  const incoming = normalize(ruled as ContactFields) as Partial<ContactProfile>
  const changes: Partial<ContactProfile> = {}
  for (const [key, value] of Object.entries(incoming) as [keyof ContactProfile, unknown][]) {
    if (value === undefined) continue
    const merged = key === 'address' ? { ...before.address, ...(value as object) } : value
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(merged ?? null)) {
      ;(changes as Record<string, unknown>)[key] = merged
    }
  }
  if (Object.keys(changes).length === 0) return []
  assertMayChangeCollection(command.actor, changes)
  const contactId = state.contactId!
  const events: ContactEvent[] = [{ type: 'ContactUpdated', data: { contactId, changes } }]
  const after = { ...before, ...changes }
  const rated = ratedEffortLevel(after)
  if (rated !== null) {
    for (const [divisionId, membership] of Object.entries(state.divisions)) {
      if (membership.effortLevel === rated) continue
      events.push({
        type: 'ContactEffortLevelSet',
        data: { contactId, divisionId: Number(divisionId), effortLevel: rated, auto: true },
      })
    }
  }
  return events
}

export function deleteContact(state: ContactState, _command: DeleteContactCommand): ContactEvent[] {
  if (!state.created || state.deleted) throw notFound('Contact not found')
  return [{ type: 'ContactDeleted', data: { contactId: state.contactId! } }]
}

/**
 * The erasure is recorded once the subject's key is destroyed (erase-routes.ts); a deleted contact can be erased
 * too, and erasing again records the request again (new data may have been given since).
 */
export function erasePersonalData(state: ContactState, command: ErasePersonalDataCommand): ContactEvent[] {
  if (!state.created) throw notFound('Contact not found')
  return [{ type: 'PersonalDataErased', data: { contactId: state.contactId!, reason: command.reason } }]
}

/** Collection facts are changed only by those who own collections (docs/decisions/026-collection-facts.md). */
function assertMayChangeCollection(actor: Actor, changes: object): void {
  if (collectionFieldsIn(changes).length > 0 && !mayEditCollectionFacts(actor)) {
    throw forbidden(collectionFactsForbidden)
  }
}

/** Blank optional texts are stored as null, so read models and filters see one kind of "empty". */
export function normalize<T extends Partial<ContactFields>>(fields: T): T {
  const blankToNull = <V>(value: V): V | null => (typeof value === 'string' && value.trim() === '' ? null : value)
  const out = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, k === 'name' ? v : blankToNull(v)])) as T
  if (fields.address) {
    out.address = Object.fromEntries(
      Object.entries(fields.address).map(([k, v]) => [k, blankToNull(v)]),
    ) as ContactFields['address']
  }
  return out
}
