import {
  nameDivisionMentions,
  mentionedDivisions,
  type ReferralListQuery,
  type ReferralPage,
  type ReferralRow,
  type ReferralTimeline,
  readModelNames,
} from '@crm/contracts'
import { sql, type Kysely, type RawBuilder } from 'kysely'
import { isoOrNull } from '../read-models'
import type { Viewer } from '../viewer'
import { referralSql } from '../visibility/visibility-sql'

/** The projections these reads wait for (read-your-writes). */
export const referralProjections = [readModelNames.referrals, readModelNames.streamHistory]

type Direction = ReferralListQuery['type']

/**
 * The referrals (alias `r`) the viewer sees (the visibility policy's canSeeReferral, referralSql), in one direction: executives
 * every one (sent / received: from or to the division they look at), managers those from or to their division,
 * reps those they sent or that are addressed to them.
 */
export const visibleIn = (viewer: Viewer, type: Direction): RawBuilder<unknown> =>
  referralSql(viewer, type, {
    divisionId: sql`r.division_id`,
    divisionFrom: sql`r.division_from`,
    sentBy: sql`r.sent_by`,
    attentionTo: sql`r.attention_to`,
  })

function filtersOf(query: Partial<ReferralListQuery>): RawBuilder<unknown>[] {
  const where: RawBuilder<unknown>[] = []
  if (query.divisionId !== undefined) {
    // The other side's division: where a sent referral went, where a received one came from.
    if (query.type === 'sent') where.push(sql`r.division_id = ${query.divisionId}`)
    else if (query.type === 'received') where.push(sql`r.division_from = ${query.divisionId}`)
    else where.push(sql`(r.division_id = ${query.divisionId} or r.division_from = ${query.divisionId})`)
  }
  if (query.status !== undefined) where.push(sql`r.status = ${query.status}`)
  if (query.paymentStatus === 'Paid') where.push(sql`r.payment_status = 'Paid'`)
  if (query.paymentStatus === 'Unpaid') where.push(sql`r.payment_status is null`)
  if (query.from) where.push(sql`r.sent_at >= ${query.from}::date`)
  if (query.to) where.push(sql`r.sent_at < ${query.to}::date + 1`)
  if (query.contactId) where.push(sql`r.contact_id = ${query.contactId}::uuid`)
  return where
}

const selectRows = sql`
  select r.*, c.name as contact_name, dt.name as division_name, df.name as division_from_name,
         ua.name as attention_to_name, us.name as sent_by_name, dp.name as payor_name, ue.name as entered_by_name
  from referrals r
  left join contacts_list c on c.id = r.contact_id
  left join divisions dt on dt.division_id = r.division_id
  left join divisions df on df.division_id = r.division_from
  left join divisions dp on dp.division_id = r.payor
  left join users ua on ua.user_id = r.attention_to
  left join users us on us.user_id = r.sent_by
  left join users ue on ue.user_id = r.payment_entered_by`

type Row = Record<string, unknown>
const text = (v: unknown) => (v === null || v === undefined ? null : String(v))
const iso = (v: unknown) => isoOrNull(v as Date | string | null)

function toReferral(r: Row): ReferralRow {
  return {
    id: String(r.referral_id),
    contactId: String(r.contact_id),
    contactName: text(r.contact_name),
    divisionId: Number(r.division_id),
    divisionName: text(r.division_name),
    divisionFrom: Number(r.division_from),
    divisionFromName: text(r.division_from_name),
    subject: String(r.subject),
    effort_level: Number(r.effort_level),
    grade: Number(r.grade),
    attention_to: String(r.attention_to),
    attentionToName: text(r.attention_to_name),
    sentBy: String(r.sent_by),
    sentByName: text(r.sent_by_name),
    sentAt: iso(r.sent_at) ?? '',
    dueDate: iso(r.due_date) ?? '',
    delayDate: iso(r.delay_date),
    note: text(r.note),
    status: Number(r.status),
    taskId: String(r.task_id),
    completedAt: iso(r.completed_at),
    paymentDate: iso(r.payment_date),
    paymentAmount: r.payment_amount === null || r.payment_amount === undefined ? null : Number(r.payment_amount),
    payee: text(r.payee),
    payor: r.payor === null || r.payor === undefined ? null : Number(r.payor),
    payorName: text(r.payor_name),
    paymentStatus: text(r.payment_status),
    paymentEnteredBy: text(r.payment_entered_by),
    paymentEnteredByName: text(r.entered_by_name),
  }
}

/** GET /referral/get-referrals: a page, newest sent first, and the total of the filtered list. */
export async function referralPage(
  db: Kysely<unknown>,
  viewer: Viewer,
  query: ReferralListQuery,
): Promise<ReferralPage> {
  const where = sql.join([visibleIn(viewer, query.type), ...filtersOf(query)], sql` and `)
  const [page, count] = await Promise.all([
    sql<Row>`${selectRows} where ${where} order by r.sent_at desc, r.referral_id
      limit ${query.limit} offset ${query.first}`.execute(db),
    sql<{ total: string }>`select count(*) as total from referrals r where ${where}`.execute(db),
  ])
  return { rows: page.rows.map(toReferral), total: Number(count.rows[0]?.total ?? 0) }
}

/** Whether the contact was already referred to the division (by anyone: the form is then read-only). */
export async function referralTo(db: Kysely<unknown>, contactId: string, divisionId: number) {
  const { rows } = await sql<{ referral_id: string }>`
    select referral_id from referrals where contact_id = ${contactId}::uuid and division_id = ${divisionId}
    order by sent_at limit 1`.execute(db)
  return { isReferred: rows.length > 0, referralId: rows[0]?.referral_id ?? null }
}

/** The referral timeline of a contact: each referral the viewer sees, with what happened to it (its events). */
export async function referralTimeline(
  db: Kysely<unknown>,
  viewer: Viewer,
  contactId: string,
): Promise<ReferralTimeline> {
  const where = sql.join([visibleIn(viewer, 'all'), ...filtersOf({ contactId })], sql` and `)
  const { rows } = await sql<Row>`${selectRows} where ${where} order by r.sent_at desc limit 200`.execute(db)
  const referrals = rows.map(toReferral)
  if (referrals.length === 0) return { referrals: [] }
  const streams = referrals.map((r) => `referral-${r.id}`)
  const history = await sql<{
    stream_id: string
    event_type: string
    summary: string
    name: string | null
    occurred_at: Date | string
  }>`
    select h.stream_id, h.event_type, h.summary, u.name, h.occurred_at
    from stream_history h left join users u on u.user_id = h.user_id
    where h.stream_id = any(${streams}::text[]) order by h.stream_id, h.stream_version`.execute(db)
  const ids = [...new Set(history.rows.flatMap((h) => mentionedDivisions(h.summary)))]
  const names = new Map<number, string>()
  if (ids.length > 0) {
    const found = await sql<{ division_id: number; name: string }>`
      select division_id, name from divisions where division_id = any(${ids}::int[])`.execute(db)
    for (const d of found.rows) names.set(d.division_id, d.name)
  }
  return {
    referrals: referrals.map((referral) => ({
      ...referral,
      happenings: history.rows
        .filter((h) => h.stream_id === `referral-${referral.id}`)
        .map((h) => ({
          type: h.event_type,
          summary: nameDivisionMentions(h.summary, (id) => names.get(id)),
          userName: h.name,
          occurredAt: iso(h.occurred_at) ?? '',
        })),
    })),
  }
}
