import type { ContactEvent } from '@crm/contracts'
import { describe, expect, it } from 'vitest'
import type { Actor, ContactCommand } from './commands'
import { created, executive, given, otherUser, rep } from '../testing/contact-given'

const status = (run: () => unknown) => {
  try {
    run()
    return 'decided'
  } catch (error) {
    return (error as { status?: number }).status ?? (error as Error).message
  }
}

const rename = (actor: Actor): ContactCommand => ({ type: 'UpdateContact', actor, changes: { name: 'Renamed' } })
const markDead = (actor: Actor): ContactCommand => ({ type: 'MarkContactDead', actor, divisionId: 15, notes: null })
const assignToSelf = (actor: Actor): ContactCommand => ({
  type: 'AssignContact',
  actor,
  divisionId: actor.divisionId,
  assigned: actor.userId,
  cscCreationDate: null,
  isMasterDataAssign: false,
})

const anotherRep: Actor = { userId: otherUser, divisionId: 15, permissions: ['call'] }
const managerHere: Actor = { userId: otherUser, divisionId: 15, permissions: ['manager'] }
const managerElsewhere: Actor = { userId: otherUser, divisionId: 7, permissions: ['manager'] }

/** A Lead assigned to the rep in division 15 (created() makes the rep its owner). */
const repsContact = (): ContactEvent[] => created()
const unassigned = (): ContactEvent[] => created({ assigned: null })

describe('the visibility policy on the write side (a contact one may not see is a missing one)', () => {
  it.each([
    ['another rep', anotherRep, 404],
    ['a manager of another division', managerElsewhere, 404],
    ['a manager of the division', managerHere, 'decided'],
    ['an executive', executive, 'decided'],
    ['the rep who owns it', rep, 'decided'],
  ] as const)('%s renaming the rep’s contact: %s', (_, actor, expected) => {
    expect(status(given(repsContact()).when(rename(actor)))).toBe(expected)
  })

  it('refuses every kind of command alike: another rep cannot mark it dead or take it either', () => {
    expect(status(given(repsContact()).when(markDead(anotherRep)))).toBe(404)
    expect(status(given(repsContact()).when(assignToSelf(anotherRep)))).toBe(404)
  })

  it('lets any rep of the division work an unassigned contact', () => {
    expect(status(given(unassigned()).when(rename(anotherRep)))).toBe('decided')
    expect(status(given(unassigned()).when(assignToSelf(anotherRep)))).toBe('decided')
  })

  it('answers a missing contact the same way (404)', () => {
    expect(status(given([]).when(rename(rep)))).toBe(404)
  })
})
