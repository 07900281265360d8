import type { ContactEvent } from '@crm/contracts'
import type { HttpProblem } from '@crm/platform'
import { describe, expect, it } from 'vitest'
import { contactId, created, given, otherUser, permissionsOf, rep } from '../testing/contact-given'
import type { Authority, ContactCommand } from './commands'

const addNote: ContactCommand = {
  type: 'AddSharedNote',
  actor: rep,
  noteId: 'note-1',
  data: { divisionId: 3, subject: '  ', note: '  Dock closes at 4pm ', oldCrmNote: null, attachments: [] },
}
const addComment: ContactCommand = {
  type: 'AddComment',
  actor: rep,
  commentId: 'comment-1',
  data: { divisionId: 15, subject: 'Pricing', note: 'Asked for a quote' },
}
const status = (decide: () => unknown) => {
  try {
    decide()
  } catch (error) {
    return (error as HttpProblem).status
  }
  return 200
}

describe('shared notes and comments decider', () => {
  it('adds a shared note with a blank subject as none and the author as createdBy', () => {
    expect(given(created()).then(addNote)).toEqual([
      {
        type: 'SharedNoteAdded',
        data: {
          contactId,
          noteId: 'note-1',
          divisionId: 3,
          subject: null,
          note: 'Dock closes at 4pm',
          oldCrmNote: null,
          createdBy: rep.userId,
          attachments: [],
        },
      },
    ])
    expect(given(created()).then(addComment)[0]).toMatchObject({
      type: 'CommentAdded',
      data: { commentId: 'comment-1', subject: 'Pricing', note: 'Asked for a quote', createdBy: rep.userId },
    })
  })

  const state = () => {
    // A rep's contact in division 15 that also works with division 3 (where the note was written).
    const inLogistics: ContactEvent = {
      type: 'ContactAssigned',
      data: {
        contactId,
        divisionId: 3,
        assigned: rep.userId,
        previousAssigned: null,
        cscCreationDate: null,
        isMasterDataAssign: false,
        joinedDivision: true,
        statusId: 1,
      },
    }
    const base = [...created(), inLogistics]
    const added: ContactEvent[] = [...given(base).then(addNote), ...given(base).then(addComment)]
    return given([...base, ...added])
  }
  const removeNote = (authority: Authority, divisionId: number, userId = otherUser): ContactCommand => ({
    type: 'RemoveSharedNote',
    actor: { userId, divisionId, permissions: permissionsOf[authority] },
    noteId: 'note-1',
    authority,
  })
  const removeComment = (authority: Authority, divisionId: number, userId = otherUser): ContactCommand => ({
    type: 'RemoveComment',
    actor: { userId, divisionId, permissions: permissionsOf[authority] },
    commentId: 'comment-1',
    authority,
  })

  it('the author removes their own; another rep, who cannot see the rep’s contact, gets 404', () => {
    expect(state().then(removeNote('own', 15, rep.userId))[0]!.type).toBe('SharedNoteRemoved')
    expect(state().then(removeComment('own', 15, rep.userId))[0]!.type).toBe('CommentRemoved')
    expect(status(state().when(removeNote('own', 3)))).toBe(404)
    expect(status(state().when(removeComment('own', 15)))).toBe(404)
  })

  it("a manager removes any in the division it was written in, not in another's", () => {
    // The note was written in division 3, the comment in 15.
    expect(state().then(removeNote('division', 3))[0]!.type).toBe('SharedNoteRemoved')
    expect(status(state().when(removeNote('division', 15)))).toBe(403)
    expect(state().then(removeComment('division', 15))[0]!.type).toBe('CommentRemoved')
    expect(status(state().when(removeComment('division', 3)))).toBe(403)
    // A manager of a division the contact is not in does not see it at all.
    expect(status(state().when(removeComment('division', 7)))).toBe(404)
    expect(state().then(removeComment('all', 1))[0]!.type).toBe('CommentRemoved')
  })

  it('answers 404 for one that does not exist or was removed already', () => {
    const removed = state().then(removeNote('own', 15, rep.userId))
    const after = given([...created(), ...given(created()).then(addNote), ...removed])
    expect(status(after.when(removeNote('own', 15, rep.userId)))).toBe(404)
    expect(status(given(created()).when(removeComment('all', 1)))).toBe(404)
  })
})
