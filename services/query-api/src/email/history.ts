import { readModelNames } from '@crm/contracts'
import type { EmailHistoryQuery, EmailHistoryRow, EmailHistoryType } from '@crm/contracts'
import { sql, type Kysely, type RawBuilder } from 'kysely'
import { isoOrNull } from '../read-models'
import type { Viewer } from '../viewer'
import { divisionOrOwnSql } from '../visibility/visibility-sql'

/** Read models a history row is built from. */
export const historyProjections = [
  readModelNames.emailMessages,
  readModelNames.emailTemplates,
  readModelNames.contactsList,
]

/** Whose mail a viewer sees (divisionOrOwnSql): their own; a manager their division's; executives everyone's. */
export function mailVisibleTo(viewer: Viewer, alias = 'm'): RawBuilder<unknown> {
  const a = sql.raw(alias)
  return divisionOrOwnSql(viewer, sql`${a}.division_id`, sql`${a}.sender_id = ${viewer.userId}::uuid`)
}

/** Each email history type (support type 26) as a condition on the message row. */
const typeConditions: Record<EmailHistoryType, RawBuilder<unknown>> = {
  sent: sql`m.status = 'sent'`,
  scheduled: sql`m.status = 'scheduled'`,
  failed: sql`m.status = 'failed'`,
  cancelled: sql`m.status = 'cancelled'`,
  suppressed: sql`m.status = 'suppressed'`,
  clicked: sql`m.clicks > 0`,
  unsubscribed: sql`m.unsubscribed`,
  'abuse-reported': sql`m.abuse_reported`,
  direct: sql`not m.marketing`,
  marketing: sql`m.marketing`,
}

function toRow(viewer: Viewer, r: Record<string, unknown>): EmailHistoryRow {
  return {
    id: r.message_id as string,
    contactId: r.contact_id as string,
    contactName: (r.contact_name as string | null) ?? null,
    recipient: r.recipient as string,
    subject: r.subject as string,
    templateName: (r.template_name as string | null) ?? null,
    senderName: (r.sender_name as string | null) ?? null,
    status: r.status as EmailHistoryRow['status'],
    marketing: Boolean(r.marketing),
    sendingTime: isoOrNull(r.sending_time as string) ?? '',
    sentAt: isoOrNull(r.sent_at as string | null),
    clicks: Number(r.clicks ?? 0),
    unsubscribed: Boolean(r.unsubscribed),
    reportedAbuse: Boolean(r.abuse_reported),
    mine: r.sender_id === viewer.userId,
  }
}

/** The filters of the history as conditions: contact, status, type, sender, template, days of the sending time. */
function filters(query: EmailHistoryQuery): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = []
  if (query.contactId) conditions.push(sql`m.contact_id = ${query.contactId}::uuid`)
  if (query.status) conditions.push(sql`m.status = ${query.status}`)
  if (query.type) conditions.push(typeConditions[query.type])
  if (query.senderId) conditions.push(sql`m.sender_id = ${query.senderId}::uuid`)
  if (query.templateId) conditions.push(sql`m.template_id = ${query.templateId}::uuid`)
  if (query.dateFrom) conditions.push(sql`m.sending_time >= ${query.dateFrom}::date`)
  if (query.dateTo) conditions.push(sql`m.sending_time < ${query.dateTo}::date + 1`)
  return conditions
}

/** Email history, newest first: the viewer's mail, filtered. */
export async function listEmailHistory(
  db: Kysely<unknown>,
  viewer: Viewer,
  query: EmailHistoryQuery,
): Promise<{ rows: EmailHistoryRow[]; total: number }> {
  const where = sql.join([mailVisibleTo(viewer), ...filters(query)], sql` and `)
  const { rows } = await sql<Record<string, unknown>>`
    select m.*, c.name as contact_name, t.name as template_name, count(*) over () as total
    from email_messages m
    left join contacts_list c on c.id = m.contact_id
    left join email_templates t on t.template_id = m.template_id
    where ${where}
    order by m.sending_time desc, m.message_id
    limit ${query.limit} offset ${query.first}`.execute(db)
  return { rows: rows.map((r) => toRow(viewer, r)), total: Number(rows[0]?.total ?? 0) }
}
