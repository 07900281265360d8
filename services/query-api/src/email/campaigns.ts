import {
  MARKETING_LIMITS,
  type CampaignRow,
  type ContactSuppression,
  type MarketingAudience,
  type SuppressionReason,
  readModelNames,
} from '@crm/contracts'
import { sql, type Kysely } from 'kysely'
import type { SearchRequest } from '../contact-lists/search-contacts'
import { searchWhere } from '../contact-lists/search-contacts'
import { isoOrNull } from '../read-models'
import type { Viewer } from '../viewer'
import { mailVisibleTo } from './history'

/** Read models a marketing send's row is built from. */
export const campaignProjections = [readModelNames.emailMessages, readModelNames.emailTemplates, readModelNames.users]

const select = sql`select c.*, u.name as sender_name, t.name as template_name,
    coalesce(m.sent, 0) as sent, coalesce(m.failed, 0) as failed, count(*) over () as total_rows
  from email_campaigns c
  left join users u on u.user_id = c.sender_id
  left join email_templates t on t.template_id = c.template_id
  left join lateral (
    select count(*) filter (where status = 'sent') as sent,
           count(*) filter (where status in ('failed', 'suppressed')) as failed
    from email_messages where campaign_id = c.campaign_id
  ) m on true`

function toRow(viewer: Viewer, r: Record<string, unknown>): CampaignRow {
  return {
    id: r.campaign_id as string,
    subject: r.subject as string,
    templateName: (r.template_name as string | null) ?? null,
    senderName: (r.sender_name as string | null) ?? null,
    state: r.state as CampaignRow['state'],
    sendingTime: isoOrNull(r.sending_time as string) ?? '',
    createdAt: isoOrNull(r.created_at as string) ?? '',
    total: Number(r.total),
    processed: Number(r.processed),
    queued: Number(r.queued),
    skipped: Number(r.skipped),
    noEmail: Number(r.no_email),
    unavailable: Number(r.unavailable),
    sent: Number(r.sent),
    failed: Number(r.failed),
    mine: r.sender_id === viewer.userId,
  }
}

/** Marketing sends the viewer may see (their own; a manager's division's), newest first. */
export async function listCampaigns(
  db: Kysely<unknown>,
  viewer: Viewer,
  page: { limit: number; first: number },
): Promise<{ rows: CampaignRow[]; total: number }> {
  const { rows } = await sql<Record<string, unknown>>`${select}
    where ${mailVisibleTo(viewer, 'c')}
    order by c.created_at desc, c.campaign_id
    limit ${page.limit} offset ${page.first}`.execute(db)
  return { rows: rows.map((r) => toRow(viewer, r)), total: Number(rows[0]?.total_rows ?? 0) }
}

/** One marketing send with its progress, or undefined when missing or not the viewer's to see. */
export async function findCampaign(db: Kysely<unknown>, viewer: Viewer, id: string): Promise<CampaignRow | undefined> {
  const { rows } = await sql<Record<string, unknown>>`${select}
    where c.campaign_id = ${id}::uuid and ${mailVisibleTo(viewer, 'c')}`.execute(db)
  return rows[0] && toRow(viewer, rows[0])
}

/**
 * Who a marketing send to an Advanced Search (email-marketing filters) would reach: the contacts found, those
 * with an address, those of them unsubscribed, and the ids to send to (capped at one send's limit).
 */
export async function marketingAudience(db: Kysely<unknown>, request: SearchRequest): Promise<MarketingAudience> {
  const limit = MARKETING_LIMITS.recipients
  const { rows } = await sql<{ contact_id: string; email: string | null; suppressed: boolean }>`
    select distinct on (s.contact_id) s.contact_id, s.email,
      exists (select 1 from email_suppressions x where x.address = lower(trim(s.email))) as suppressed
    ${searchWhere(request)}
    order by s.contact_id
    limit ${limit * 4 + 1}`.execute(db)
  const withEmail = rows.filter((r) => r.email?.trim())
  const sendable = withEmail.filter((r) => !r.suppressed)
  return {
    contacts: rows.length,
    withEmail: withEmail.length,
    suppressed: withEmail.length - sendable.length,
    contactIds: sendable.slice(0, limit).map((r) => r.contact_id),
    capped: sendable.length > limit || rows.length > limit * 4,
  }
}

/** Whether a contact's address gets no marketing email (the contact page shows it). */
export async function contactSuppression(db: Kysely<unknown>, contactId: string): Promise<ContactSuppression> {
  const { rows } = await sql<{ address: string; reason: SuppressionReason; at: string }>`
    select x.address, x.reason, x.at from contacts_list c
    join email_suppressions x on x.address = lower(trim(c.email))
    where c.id = ${contactId}::uuid`.execute(db)
  const row = rows[0]
  if (!row) return { suppressed: false, address: null, reason: null, at: null }
  return { suppressed: true, address: row.address, reason: row.reason, at: isoOrNull(row.at) }
}
