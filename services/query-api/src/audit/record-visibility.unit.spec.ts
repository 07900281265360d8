import {
  callLogStreamId,
  callStreamId,
  creditApplicationStreamId,
  emailCampaignStreamId,
  emailMessageStreamId,
  emailTemplateStreamId,
  expenseReceiptStreamId,
  expenseStreamId,
  filterPresetStreamId,
  incomingCallStreamId,
  leadImportStreamId,
  loadStreamId,
  meetingStreamId,
  notificationStreamId,
  opportunityStreamId,
  phoneSessionStreamId,
  referralStreamId,
} from '@crm/contracts'
import { describe, expect, it } from 'vitest'
import { auditedRecordKinds } from './record-visibility'

/** The kind the audit reads a stream as: the first (longest) prefix that matches, as its SQL does. */
const kindOf = (streamId: string) => auditedRecordKinds.find((prefix) => streamId.startsWith(prefix))

describe('the kinds of record the audit knows', () => {
  it('has a visibility rule for every kind of stream, reading each as its own kind', () => {
    const id = '5f0c3c8e-6d1f-4a57-9a55-0b3c6b4f1a11'
    const streams: [string, string][] = [
      [creditApplicationStreamId(id), 'credit-application-'],
      [`contact-${id}`, 'contact-'],
      [`user-${id}`, 'user-'],
      [`task-${id}`, 'task-'],
      [meetingStreamId(id), 'meeting-'],
      [referralStreamId(id), 'referral-'],
      [opportunityStreamId(id), 'opportunity-'],
      [expenseStreamId(id), 'expense-'],
      [expenseReceiptStreamId('receipts/abc.pdf'), 'expense-receipt-'],
      [loadStreamId(id), 'logistics-load-'],
      [emailMessageStreamId(id), 'email-message-'],
      [emailCampaignStreamId(id), 'email-campaign-'],
      [emailTemplateStreamId(id), 'email-template-'],
      [callLogStreamId(id), 'call-log-'],
      [phoneSessionStreamId(id), 'phone-session-'],
      [callStreamId(id), 'call-'],
      [notificationStreamId(id), 'notifications-'],
      [filterPresetStreamId(id), 'filter-preset-'],
      [leadImportStreamId(`${id}-1`), 'lead-import-'],
      ['division-15', 'division-'],
      ['system-config-15', 'system-config-'],
    ]
    for (const [streamId, kind] of streams) expect([streamId, kindOf(streamId)]).toEqual([streamId, kind])
  })

  it('leaves an unknown kind to executives and administrators (no rule)', () => {
    expect(kindOf('something-new-1')).toBeUndefined()
    // Incoming calls have no read model of their own yet: executives and administrators only.
    expect(kindOf(incomingCallStreamId('5f0c3c8e-6d1f-4a57-9a55-0b3c6b4f1a11'))).toBeUndefined()
  })
})
