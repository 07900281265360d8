import { DEFAULT_DIVISION_ID, ActivityType } from '@crm/contracts'
import { describe, expect, it } from 'vitest'
import { confirmationOf, type ConfirmedAction } from './confirm-actions'

const contactId = '0b7e1d52-5a55-4a3b-9f0e-6a0f1c2d3e4f'
const ask = (action: ConfirmedAction) =>
  confirmationOf(
    action === 'out-of-business'
      ? { action, contactId, contactName: 'Acme Haulers' }
      : { action, contactId, contactName: 'Acme Haulers', divisionId: DEFAULT_DIVISION_ID },
  )

describe('confirmations of one-click contact actions', () => {
  it('ask about the contact by name', () => {
    expect(ask('dead').question).toBe('Mark Acme Haulers as Dead?')
    expect(ask('not-qualified').question).toBe('Mark Acme Haulers as Not Qualified?')
    expect(ask('no-answer').question).toBe('Log a No Answer call for Acme Haulers?')
    expect(ask('out-of-business').question).toBe('Mark Acme Haulers as out of business?')
  })

  it('send Dead and NQ with their optional notes, and say the status changed', () => {
    expect(ask('dead').request('Sold the trucks')).toEqual({
      command: 'markDead',
      body: { contactId, divisionId: DEFAULT_DIVISION_ID, notes: 'Sold the trucks' },
    })
    expect(ask('not-qualified').request(null)).toEqual({
      command: 'markNotQualified',
      body: { contactId, divisionId: DEFAULT_DIVISION_ID, notes: null },
    })
    expect(ask('dead').success).toBe('Status Updated Successfully.')
    expect(ask('dead').notesField).toBe('notes')
  })

  it('log No Answer as the attempted outgoing call it was, without notes', () => {
    const noAnswer = ask('no-answer')
    expect(noAnswer.notesField).toBeNull()
    expect(noAnswer.success).toBe('No answer logged')
    expect(noAnswer.request(null)).toEqual({
      command: 'logActivity',
      body: {
        contactId,
        divisionId: DEFAULT_DIVISION_ID,
        activityType: ActivityType.OutgoingCall,
        subject: 'No Answer',
        callData: { duration: 0, outcome: 'Attempted' },
        source: 'no-answer',
      },
    })
  })

  it('mark out of business with the command’s own note field', () => {
    expect(ask('out-of-business').notesField).toBe('note')
    expect(ask('out-of-business').request('Closed its doors')).toEqual({
      command: 'setOutOfBusiness',
      body: { contactId, outOfBusiness: true, note: 'Closed its doors' },
    })
  })
})
