import { describe, expect, it } from 'vitest'
import { humanizeEventType, summarize, withoutSecrets } from './summaries'

describe('history summaries', () => {
  it('says what a contact was created as, and where', () => {
    expect(summarize({ type: 'ContactCreated', data: { name: 'Acme Trucking', statusId: 1, divisionId: 15 } })).toBe(
      'Created contact Acme Trucking as Lead in {division:15}',
    )
    expect(summarize({ type: 'ContactCreated', data: { name: 'Blue Line', statusId: 4, divisionId: 2 } })).toBe(
      "Created contact Blue Line as Manager's Bucket in {division:2}",
    )
    const imported = { uploadId: 'u-1', row: 12, lead: {} }
    expect(
      summarize({ type: 'ContactCreated', data: { name: 'Coast Haul', statusId: 1, divisionId: 15, imported } }),
    ).toBe('Created contact Coast Haul as Lead in {division:15} from a lead file (row 12)')
  })

  it('names a registered user by name and email', () => {
    expect(summarize({ type: 'UserRegistered', data: { name: 'Sam Rep', email: 'sam@example.com' } })).toBe(
      'Registered user Sam Rep (sam@example.com)',
    )
  })

  it('words an erasure with its request reference', () => {
    expect(summarize({ type: 'PersonalDataErased', data: { contactId: 'c', reason: 'CCPA request 7' } })).toBe(
      'Erased the personal data of the contact (CCPA request 7)',
    )
    expect(summarize({ type: 'CreditApplicationPersonalDataErased', data: { applicationId: 'a', reason: null } })).toBe(
      'Erased the personal data of the applicants',
    )
  })

  it('words the everyday work on a contact', () => {
    const line = (type: string, data: object) => summarize({ type, data })
    expect(line('ContactAssigned', { divisionId: 15, previousAssigned: null, joinedDivision: false })).toBe(
      'Assigned in {division:15}',
    )
    expect(line('ContactAssigned', { divisionId: 2, previousAssigned: 'u1', joinedDivision: false })).toBe(
      'Reassigned in {division:2}',
    )
    expect(line('ContactEffortLevelSet', { divisionId: 15, effortLevel: 122, auto: true })).toBe(
      'Effort level A in {division:15} (from the number of trucks)',
    )
    expect(line('ActivityEdited', { changes: { notes: 'x', occurredAt: 'y' } })).toBe('Edited an activity: notes, date')
    expect(line('ContactUpdated', { changes: { currentBalance: 10, daysLate: 3, dotNumber: '1' } })).toBe(
      'Edited current balance, days late, US DOT',
    )
    expect(line('CommentAdded', { subject: null, note: 'Owner prefers mornings' })).toBe(
      'Commented: Owner prefers mornings',
    )
    expect(line('ContactOutOfBusinessMarked', { outOfBusiness: false, note: null })).toBe('Marked back in business')
    expect(line('ContactTaskClosed', { reason: 'completed' })).toBe('Task completed')
  })

  it('words a contact edit as a person would, the logistics toggles with their dates', () => {
    const edited = (changes: object) => summarize({ type: 'ContactUpdated', data: { contactId: 'c', changes } })
    expect(edited({ isRfp: true, rfpDate: '2025-03-01' })).toBe('RFP switched on, dated 03/01/2025')
    expect(edited({ isMfp: false, mfpDate: null })).toBe('MFP switched off')
    expect(edited({ creditAppDate: '2025-02-14' })).toBe('Credit App dated 02/14/2025')
    expect(edited({ onlineFormDate: null })).toBe('Online Form date cleared')
    expect(
      edited({ dba: 'Fast', businessPhone: '1', mcNumber: '9', isOnlineForm: true, onlineFormDate: '2025-01-02' }),
    ).toBe('Edited DBA, business phone, MC number; Online Form switched on, dated 01/02/2025')
    expect(edited({ isRfp: true, rfpDate: '2025-03-01', isMfp: true, mfpDate: '2025-03-01' })).toBe(
      'RFP switched on, dated 03/01/2025; MFP switched on, dated 03/01/2025',
    )
  })

  it('falls back to the event type in words for types without a summary, or a payload it cannot read', () => {
    expect(humanizeEventType('ContactStatusChanged')).toBe('Contact status changed')
    expect(humanizeEventType('MCNumberVerified')).toBe('Mc number verified')
    expect(summarize({ type: 'TaskCompleted', data: {} })).toBe('Task completed')
    expect(summarize({ type: 'ContactCreated', data: null })).toBe('Contact created')
  })

  it('keeps credentials out of the history at any depth', () => {
    expect(
      withoutSecrets({
        email: 'a@b.c',
        passwordHash: 'x',
        nested: { resetToken: 't', keep: 1 },
        list: [{ secret: 's', ok: 2 }],
      }),
    ).toEqual({
      email: 'a@b.c',
      nested: { keep: 1 },
      list: [{ ok: 2 }],
    })
  })
})
