import type {
  EmailAbuseReported,
  EmailCampaignChunkQueued,
  EmailCampaignFinished,
  EmailCampaignStarted,
  EmailCancelled,
  EmailDelivered,
  EmailDeliveryFailed,
  EmailLinkClicked,
  EmailQueued,
  EmailSuppressed,
  EmailUnsubscribed,
  PersonalDataErased,
} from '@crm/contracts'
import { sql } from 'kysely'
import { applyByType, type BatchHandler } from '../../runtime/apply-by-type'
import { defineProjection, type Executor, type TableNames } from '../../runtime/projection'
import { erasedColumns, insertRows, updateNewerRows, uuidOrNull, type ColumnTypes } from '../../runtime/recordset'

type Tables = TableNames<'email_messages' | 'email_suppressions' | 'email_campaigns'>

/**
 * Every email to a contact and where it stands (docs/product.md 7 history tables): the history reads it by
 * contact, sender and status; the sending sweep reads the scheduled ones by time.
 */
async function migrate(
  trx: Executor,
  { email_messages: table, email_suppressions: suppressions, email_campaigns: campaigns }: Tables,
): Promise<void> {
  await sql`
    create table ${sql.table(table)} (
      message_id uuid primary key,
      contact_id uuid not null,
      division_id int not null,
      sender_id uuid not null,
      sender_name text,
      template_id uuid,
      recipient text not null,
      subject text not null,
      status text not null,
      scheduled boolean not null,
      marketing boolean not null,
      sending_time timestamptz not null,
      sent_at timestamptz,
      failure text,
      clicks int not null default 0,
      unsubscribed boolean not null default false,
      abuse_reported boolean not null default false,
      campaign_id uuid,
      version int not null,
      updated_at timestamptz not null
    )`.execute(trx)
  await sql`create index on ${sql.table(table)} (sending_time) where status = 'scheduled'`.execute(trx)
  await sql`create index on ${sql.table(table)} (contact_id, sending_time desc)`.execute(trx)
  await sql`create index on ${sql.table(table)} (sender_id, sending_time desc)`.execute(trx)
  await sql`create index on ${sql.table(table)} (division_id, sending_time desc)`.execute(trx)
  await sql`create index on ${sql.table(table)} (campaign_id, status) where campaign_id is not null`.execute(trx)
  // Addresses marketing mail never goes to again: unsubscribed or reported abuse (lower-cased).
  await sql`
    create table ${sql.table(suppressions)} (
      address text primary key,
      reason text not null,
      contact_id uuid,
      at timestamptz not null
    )`.execute(trx)
  // Marketing sends: what became of the contacts they named. Sent and failed are counted from email_messages.
  await sql`
    create table ${sql.table(campaigns)} (
      campaign_id uuid primary key,
      sender_id uuid not null,
      division_id int not null,
      template_id uuid,
      subject text not null,
      sending_time timestamptz not null,
      scheduled boolean not null,
      total int not null,
      processed int not null default 0,
      queued int not null default 0,
      skipped int not null default 0,
      no_email int not null default 0,
      unavailable int not null default 0,
      state text not null,
      created_at timestamptz not null,
      version int not null
    )`.execute(trx)
  await sql`create index on ${sql.table(campaigns)} (created_at) where state = 'preparing'`.execute(trx)
  await sql`create index on ${sql.table(campaigns)} (sender_id, created_at desc)`.execute(trx)
}

const columns: ColumnTypes = [
  ['message_id', 'uuid'],
  ['contact_id', 'uuid'],
  ['division_id', 'int'],
  ['sender_id', 'uuid'],
  ['sender_name', 'text'],
  ['template_id', 'uuid'],
  ['recipient', 'text'],
  ['subject', 'text'],
  ['status', 'text'],
  ['scheduled', 'boolean'],
  ['marketing', 'boolean'],
  ['sending_time', 'timestamptz'],
  ['campaign_id', 'uuid'],
  ['version', 'int'],
  ['updated_at', 'timestamptz'],
]

type T = 'email_messages' | 'email_suppressions' | 'email_campaigns'

const onQueued: BatchHandler<T, EmailQueued> = async (trx, events, tables) => {
  const rows = events.map(({ data, metadata, streamVersion }) => ({
    message_id: data.messageId,
    contact_id: data.contactId,
    division_id: data.divisionId,
    sender_id: data.senderId,
    sender_name: data.senderName,
    template_id: uuidOrNull(data.templateId),
    recipient: data.recipient,
    subject: data.subject,
    status: 'scheduled',
    scheduled: data.scheduled,
    marketing: data.marketing,
    sending_time: data.sendingTime,
    campaign_id: uuidOrNull(data.campaignId),
    version: streamVersion,
    updated_at: metadata.occurredAt,
  }))
  await insertRows(tables.email_messages, rows, columns, sql`on conflict (message_id) do nothing`).execute(trx)
}

type Outcome = EmailDelivered | EmailDeliveryFailed | EmailCancelled | EmailSuppressed

const statusOf: Record<Outcome['type'], string> = {
  EmailDelivered: 'sent',
  EmailDeliveryFailed: 'failed',
  EmailCancelled: 'cancelled',
  EmailSuppressed: 'suppressed',
}

const onOutcome: BatchHandler<T, Outcome> = async (trx, events, tables) => {
  const rows = events.map(({ type, data, metadata, streamVersion }) => ({
    message_id: data.messageId,
    status: statusOf[type],
    sent_at: type === 'EmailDelivered' ? (data as EmailDelivered['data']).sentAt : null,
    failure: type === 'EmailDeliveryFailed' ? (data as EmailDeliveryFailed['data']).reason : null,
    version: streamVersion,
    at: metadata.occurredAt,
  }))
  const types: ColumnTypes = [
    ['message_id', 'uuid'],
    ['status', 'text'],
    ['sent_at', 'timestamptz'],
    ['failure', 'text'],
    ['at', 'timestamptz'],
  ]
  await updateNewerRows(
    tables.email_messages,
    'message_id',
    rows,
    types,
    sql`status = r.status, sent_at = coalesce(r.sent_at, t.sent_at), failure = coalesce(r.failure, t.failure), updated_at = r.at`,
  ).execute(trx)
}

type Answer = EmailUnsubscribed | EmailAbuseReported

/** Unsubscribes and abuse reports mark the message and suppress the address for marketing mail. */
/**
 * Erased personal data (docs/decisions/035): the contact's mail keeps its dates and outcomes, its address and
 * subject read "erased"; a suppressed address is kept only as a digest (it names no one, and stays unique).
 */
const onErased: BatchHandler<T, PersonalDataErased> = async (trx, events, tables) => {
  for (const { data } of events) {
    await sql`
      update ${sql.table(tables.email_messages)} as t set ${erasedColumns(['recipient', 'subject'])}
      where contact_id = ${data.contactId}::uuid`.execute(trx)
    await sql`
      update ${sql.table(tables.email_suppressions)} set address = 'erased:' || md5(address)
      where contact_id = ${data.contactId}::uuid and address not like 'erased%'`.execute(trx)
  }
}

const onAnswer: BatchHandler<T, Answer> = async (trx, events, tables) => {
  const rows = events.map(({ type, data, metadata, streamVersion }) => ({
    message_id: data.messageId,
    unsubscribed: type === 'EmailUnsubscribed',
    abuse_reported: type === 'EmailAbuseReported',
    address: data.recipient.trim().toLowerCase(),
    reason: type === 'EmailUnsubscribed' ? 'unsubscribed' : 'abuse',
    contact_id: data.contactId,
    at: metadata.occurredAt,
    version: streamVersion,
  }))
  await updateNewerRows(
    tables.email_messages,
    'message_id',
    rows,
    [
      ['message_id', 'uuid'],
      ['unsubscribed', 'boolean'],
      ['abuse_reported', 'boolean'],
    ],
    sql`unsubscribed = t.unsubscribed or r.unsubscribed, abuse_reported = t.abuse_reported or r.abuse_reported`,
  ).execute(trx)
  const unique = [...new Map(rows.map((r) => [r.address, r])).values()]
  await insertRows(
    tables.email_suppressions,
    unique,
    [
      ['address', 'text'],
      ['reason', 'text'],
      ['contact_id', 'uuid'],
      ['at', 'timestamptz'],
    ],
    sql`on conflict (address) do nothing`,
  ).execute(trx)
}

const onClicked: BatchHandler<T, EmailLinkClicked> = async (trx, events, tables) => {
  const rows = events.map(({ data, streamVersion }) => ({ message_id: data.messageId, version: streamVersion }))
  await updateNewerRows(
    tables.email_messages,
    'message_id',
    rows,
    [['message_id', 'uuid']],
    sql`clicks = t.clicks + 1`,
  ).execute(trx)
}

const onCampaignStarted: BatchHandler<T, EmailCampaignStarted> = async (trx, events, tables) => {
  const rows = events.map(({ data, metadata, streamVersion }) => ({
    campaign_id: data.campaignId,
    sender_id: data.senderId,
    division_id: data.senderDivisionId,
    template_id: uuidOrNull(data.templateId),
    subject: data.subject,
    sending_time: data.sendingTime,
    scheduled: data.scheduled,
    total: data.contactIds.length,
    state: data.contactIds.length === 0 ? 'queued' : 'preparing',
    created_at: metadata.occurredAt,
    version: streamVersion,
  }))
  const types: ColumnTypes = [
    ['campaign_id', 'uuid'],
    ['sender_id', 'uuid'],
    ['division_id', 'int'],
    ['template_id', 'uuid'],
    ['subject', 'text'],
    ['sending_time', 'timestamptz'],
    ['scheduled', 'boolean'],
    ['total', 'int'],
    ['state', 'text'],
    ['created_at', 'timestamptz'],
    ['version', 'int'],
  ]
  await insertRows(tables.email_campaigns, rows, types, sql`on conflict (campaign_id) do nothing`).execute(trx)
}

/** Chunks of one send in one batch are summed first: an update takes one row per send. */
const onCampaignProgress: BatchHandler<T, EmailCampaignChunkQueued | EmailCampaignFinished> = async (
  trx,
  events,
  tables,
) => {
  const bySend = new Map<string, Record<string, unknown> & { version: number }>()
  for (const { type, data, streamVersion } of events) {
    const row = bySend.get(data.campaignId) ?? {
      campaign_id: data.campaignId,
      processed: 0,
      queued: 0,
      skipped: 0,
      no_email: 0,
      unavailable: 0,
      finished: false,
      version: 0,
    }
    if (type === 'EmailCampaignChunkQueued') {
      const chunk = data as EmailCampaignChunkQueued['data']
      row.processed = (row.processed as number) + chunk.contacts
      row.queued = (row.queued as number) + chunk.queued
      row.skipped = (row.skipped as number) + chunk.skipped
      row.no_email = (row.no_email as number) + chunk.noEmail
      row.unavailable = (row.unavailable as number) + chunk.unavailable
    } else {
      row.finished = true
    }
    row.version = Math.max(row.version, streamVersion)
    bySend.set(data.campaignId, row)
  }
  await updateNewerRows(
    tables.email_campaigns,
    'campaign_id',
    [...bySend.values()],
    [
      ['campaign_id', 'uuid'],
      ['processed', 'int'],
      ['queued', 'int'],
      ['skipped', 'int'],
      ['no_email', 'int'],
      ['unavailable', 'int'],
      ['finished', 'boolean'],
    ],
    sql`processed = t.processed + r.processed, queued = t.queued + r.queued, skipped = t.skipped + r.skipped,
      no_email = t.no_email + r.no_email, unavailable = t.unavailable + r.unavailable,
      state = case when r.finished then 'queued' else t.state end`,
  ).execute(trx)
}

export const emailMessagesProjection = defineProjection({
  name: 'email_messages',
  version: 2,
  tables: ['email_messages', 'email_suppressions', 'email_campaigns'],
  migrate,
  applyBatch: applyByType<T>({
    EmailQueued: onQueued,
    EmailDelivered: onOutcome,
    EmailDeliveryFailed: onOutcome,
    EmailCancelled: onOutcome,
    EmailSuppressed: onOutcome,
    EmailCampaignStarted: onCampaignStarted,
    EmailCampaignChunkQueued: onCampaignProgress,
    EmailCampaignFinished: onCampaignProgress,
    EmailUnsubscribed: onAnswer,
    EmailAbuseReported: onAnswer,
    EmailLinkClicked: onClicked,
    PersonalDataErased: onErased,
  }),
})
