import type { TemplateScope } from './templates'

/**
 * Events of the email feature. Streams: `email-template-<id>`,
 * `email-message-<id>`. Fields are only ever added, never renamed.
 */
export interface TemplateFields {
  name: string
  subject: string
  body: string
  scope: TemplateScope
}

export type EmailTemplateCreated = {
  type: 'EmailTemplateCreated'
  data: TemplateFields & { templateId: string; ownerId: string; divisionId: number }
}
export type EmailTemplateChanged = {
  type: 'EmailTemplateChanged'
  data: { templateId: string; changes: Partial<TemplateFields>; changedBy: string }
}
export type EmailTemplateDeleted = { type: 'EmailTemplateDeleted'; data: { templateId: string; deletedBy: string } }
export type EmailTemplateEvent = EmailTemplateCreated | EmailTemplateChanged | EmailTemplateDeleted

/**
 * A message composed for one contact: merge fields filled and the signature added, so what is sent is what was
 * recorded. `sendingTime` is now for a direct send.
 */
export type EmailQueued = {
  type: 'EmailQueued'
  data: {
    messageId: string
    contactId: string
    divisionId: number
    senderId: string
    senderName: string
    senderEmail: string | null
    templateId: string | null
    recipient: string
    subject: string
    html: string
    text: string
    sendingTime: string
    scheduled: boolean
    marketing: boolean
    /** The links of the body as written: only these redirect from the tracked click link. */
    links?: string[]
    /** The marketing send it belongs to. */
    campaignId?: string
  }
}
export type EmailDelivered = {
  type: 'EmailDelivered'
  data: { messageId: string; contactId: string; internetMessageId: string; sentAt: string; attempts: number }
}
export type EmailDeliveryFailed = {
  type: 'EmailDeliveryFailed'
  data: { messageId: string; contactId: string; reason: string; attempts: number }
}
export type EmailCancelled = {
  type: 'EmailCancelled'
  data: { messageId: string; contactId: string; cancelledBy: string }
}
/** A marketing message not sent: its address unsubscribed or reported abuse after it was queued. */
export type EmailSuppressed = {
  type: 'EmailSuppressed'
  data: { messageId: string; contactId: string; reason: 'unsubscribed' | 'abuse' }
}
/** The recipient's answers, through the signed links of the message (no login). */
export type EmailUnsubscribed = {
  type: 'EmailUnsubscribed'
  data: { messageId: string; contactId: string; recipient: string; via: 'page' | 'one-click' }
}
export type EmailAbuseReported = {
  type: 'EmailAbuseReported'
  data: { messageId: string; contactId: string; recipient: string }
}
export type EmailLinkClicked = {
  type: 'EmailLinkClicked'
  data: { messageId: string; contactId: string; url: string }
}
export type EmailMessageEvent =
  | EmailQueued
  | EmailDelivered
  | EmailDeliveryFailed
  | EmailCancelled
  | EmailSuppressed
  | EmailUnsubscribed
  | EmailAbuseReported
  | EmailLinkClicked

export const emailEventTypes = [
  'EmailTemplateCreated',
  'EmailTemplateChanged',
  'EmailTemplateDeleted',
  'EmailQueued',
  'EmailDelivered',
  'EmailDeliveryFailed',
  'EmailCancelled',
  'EmailSuppressed',
  'EmailUnsubscribed',
  'EmailAbuseReported',
  'EmailLinkClicked',
  'EmailCampaignStarted',
  'EmailCampaignChunkQueued',
  'EmailCampaignFinished',
] as const

/**
 * A marketing send (stream `email-campaign-<id>`): the draft and the contacts it names, in chunks of
 * MARKETING_LIMITS.chunk; then one ChunkQueued per chunk with what became of its contacts, then Finished.
 */
export type EmailCampaignStarted = {
  type: 'EmailCampaignStarted'
  data: {
    campaignId: string
    senderId: string
    /** The sender as the visibility policy saw them when the send started: each contact is checked against it. */
    senderDivisionId: number
    senderPermissions: string[]
    templateId: string | null
    subject: string
    body: string
    sendingTime: string
    scheduled: boolean
    /** The contacts named, in order; chunk i is contactIds[i*chunk, (i+1)*chunk). */
    contactIds: string[]
    chunkSize: number
  }
}
export interface CampaignChunkCounts {
  queued: number
  skipped: number
  noEmail: number
  unavailable: number
}
export type EmailCampaignChunkQueued = {
  type: 'EmailCampaignChunkQueued'
  data: CampaignChunkCounts & { campaignId: string; chunk: number; contacts: number }
}
export type EmailCampaignFinished = {
  type: 'EmailCampaignFinished'
  data: CampaignChunkCounts & { campaignId: string }
}
export type EmailCampaignEvent = EmailCampaignStarted | EmailCampaignChunkQueued | EmailCampaignFinished

export const emailTemplateStreamId = (id: string): string => `email-template-${id}`
export const emailMessageStreamId = (id: string): string => `email-message-${id}`
export const emailCampaignStreamId = (id: string): string => `email-campaign-${id}`

/** The job that sends one message; its job id is the message's, so it is queued once. */
export const EMAIL_SEND_JOB = 'email-send'
/** The job that composes and queues a marketing send's messages; its job id is the send's. */
export const EMAIL_CAMPAIGN_JOB = 'email-campaign'
