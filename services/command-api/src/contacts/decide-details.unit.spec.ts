import { messages, type ContactEvent } from '@crm/contracts'
import { describe, expect, it } from 'vitest'
import { contactId, created, given, otherUser, rep } from '../testing/contact-given'

/** Another user who sees the rep's contact (a manager of its division), but is not the notes' author. */
const other = { ...rep, userId: otherUser, permissions: ['manager'] }

describe('contact decider: edit and delete', () => {
  it('records only the fields that changed', () => {
    const events = given(created({ dba: 'Acme' })).then({
      type: 'UpdateContact',
      actor: rep,
      changes: { dba: 'Acme', ownerName: 'Jo', address: { city: 'Austin' } },
    })
    expect(events).toEqual([
      {
        type: 'ContactUpdated',
        data: { contactId, changes: { ownerName: 'Jo', address: expect.objectContaining({ city: 'Austin' }) } },
      },
    ])
    expect(given(created()).then({ type: 'UpdateContact', actor: rep, changes: { name: 'Acme Trucking' } })).toEqual([])
  })

  it('re-rates the effort level in every division when the trucks of an auto-rated type change', () => {
    const events = given(created({ companyTypeId: 1, numberOfTrucks: 10 })).then({
      type: 'UpdateContact',
      actor: rep,
      changes: { numberOfTrucks: 100 },
    })
    expect(events[1]).toEqual({
      type: 'ContactEffortLevelSet',
      data: { contactId, divisionId: 15, effortLevel: 122, auto: true },
    })
  })

  it('deletes once', () => {
    const deleted: ContactEvent = { type: 'ContactDeleted', data: { contactId } }
    expect(given(created()).then({ type: 'DeleteContact', actor: rep })).toEqual([deleted])
    expect(given([...created(), deleted]).when({ type: 'DeleteContact', actor: rep })).toThrow('Not found')
  })
})

describe('contact decider: assign and unassign', () => {
  const assign = (assigned: string, divisionId = 15, isMasterDataAssign = false) =>
    ({ type: 'AssignContact', actor: rep, divisionId, assigned, cscCreationDate: null, isMasterDataAssign }) as const

  it('assigns in a division, and assigning the same user again changes nothing', () => {
    expect(given(created({ assigned: null })).then(assign(otherUser))[0]).toMatchObject({
      type: 'ContactAssigned',
      data: { divisionId: 15, assigned: otherUser, previousAssigned: null, joinedDivision: false, statusId: 1 },
    })
    expect(given(created()).then(assign(rep.userId))).toEqual([])
  })

  it('joins a division as a Lead only from master data', () => {
    expect(given(created()).when(assign(otherUser, 2))).toThrow(messages.notInDivision)
    expect(given(created()).then(assign(otherUser, 2, true))[0]!.data).toMatchObject({
      joinedDivision: true,
      statusId: 1,
    })
  })

  it('unassigns an assigned contact; an unassigned one stays as it is', () => {
    expect(given(created()).then({ type: 'UnassignContact', actor: rep, divisionId: 15 })).toEqual([
      { type: 'ContactUnassigned', data: { contactId, divisionId: 15, previousAssigned: rep.userId } },
    ])
    expect(given(created({ assigned: null })).then({ type: 'UnassignContact', actor: rep, divisionId: 15 })).toEqual([])
  })
})

describe('contact decider: additional contacts, personal notes, red flags, out of business, cards, lessee', () => {
  const withAdditional = () => [
    ...created(),
    ...given(created()).then({
      type: 'AddAdditionalContact',
      actor: rep,
      additionalContactId: 'ac-1',
      data: { contactPerson: ' Jo ', email: '', businessPhone: '(555) 010-0000' },
    }),
  ]

  it('adds, edits and removes additional contacts', () => {
    const events = withAdditional()
    expect(events[1]).toEqual({
      type: 'AdditionalContactAdded',
      data: {
        contactId,
        additionalContactId: 'ac-1',
        contactPerson: 'Jo',
        email: null,
        businessPhone: '(555) 010-0000',
        mobilePhone: null,
      },
    })
    expect(
      given(events).then({ type: 'RemoveAdditionalContact', actor: rep, additionalContactId: 'ac-1' })[0]!.type,
    ).toBe('AdditionalContactRemoved')
    expect(given(created()).when({ type: 'RemoveAdditionalContact', actor: rep, additionalContactId: 'x' })).toThrow(
      'Not found',
    )
  })

  it('keeps personal notes private to their author', () => {
    const note = given(created()).then({
      type: 'AddPersonalNote',
      actor: rep,
      noteId: 'n1',
      note: 'Likes mornings',
      additionalContactId: null,
    })
    expect(note[0]!.data).toMatchObject({ ownerId: rep.userId, note: 'Likes mornings' })
    const events = [...created(), ...note]
    expect(given(events).when({ type: 'UpdatePersonalNote', actor: other, noteId: 'n1', note: 'x' })).toThrow(
      messages.forbidden,
    )
    expect(given(events).then({ type: 'RemovePersonalNote', actor: rep, noteId: 'n1' })[0]!.type).toBe(
      'PersonalNoteRemoved',
    )
  })

  it('raises and resolves red flags, once', () => {
    const raised = given(created()).then({
      type: 'RaiseRedFlag',
      actor: rep,
      redFlagId: 'f1',
      divisionId: 15,
      note: 'Late',
    })
    const resolve = { type: 'ResolveRedFlag', actor: rep, redFlagId: 'f1', resolution: 'Paid' } as const
    const resolved = given([...created(), ...raised]).then(resolve)
    expect(resolved).toEqual([{ type: 'RedFlagResolved', data: { contactId, redFlagId: 'f1', resolution: 'Paid' } }])
    expect(given([...created(), ...raised, ...resolved]).when(resolve)).toThrow(messages.redFlagAlreadyResolved)
  })

  it('marks out of business only when that changes something', () => {
    const mark = { type: 'MarkOutOfBusiness', actor: rep, outOfBusiness: true, note: null } as const
    const events = given(created()).then(mark)
    expect(events[0]!.type).toBe('ContactOutOfBusinessMarked')
    expect(given([...created(), ...events]).then(mark)).toEqual([])
  })

  it('uploads and deletes business cards by document key', () => {
    const up = given(created()).then({
      type: 'UploadBusinessCard',
      actor: rep,
      documentKey: 'k1.png',
      fileName: 'card.png',
      contentType: 'image/png',
      size: 10,
    })
    const remove = { type: 'RemoveBusinessCard', actor: rep, documentKey: 'k1.png' } as const
    expect(given([...created(), ...up]).then(remove)[0]!.type).toBe('BusinessCardRemoved')
    expect(given(created()).when(remove)).toThrow('Not found')
  })

  it('sets, changes and removes the lessee', () => {
    const set = given(created()).then({ type: 'SetLessee', actor: rep, lessee: { mcNumber: ' MC1 ', lesseeName: 'L' } })
    expect(set[0]!.data).toMatchObject({ lessee: { mcNumber: 'MC1', lesseeName: 'L', lesseeContactId: null } })
    expect(given([...created(), ...set]).then({ type: 'RemoveLessee', actor: rep })[0]!.type).toBe('LesseeRemoved')
    expect(given(created()).when({ type: 'RemoveLessee', actor: rep })).toThrow(messages.lesseeNone)
  })
})

describe('contact decider: activities', () => {
  it('logs an activity with its call data; calls count as attempts in their division', () => {
    const events = given(created()).then({
      type: 'LogActivity',
      actor: rep,
      activityId: 'a1',
      source: 'no-answer',
      data: {
        contactId,
        divisionId: 15,
        activityType: 10009,
        subject: 'No Answer',
        callData: { duration: 0, outcome: 'Attempted' },
      },
    })
    expect(events[0]).toMatchObject({
      type: 'ActivityLogged',
      data: {
        activityId: 'a1',
        divisionId: 15,
        callData: { outcome: 'Attempted' },
        source: 'no-answer',
        userId: rep.userId,
      },
    })
    expect(given([...created(), ...events]).state.divisions[15]).toMatchObject({ activities: 1, callAttempts: 1 })
  })
})
