import { ActivityType, ContactStatus, type AmountMetric, type SalesMetric } from '@crm/contracts'
import { sql, type RawBuilder } from 'kysely'

const calls = sql`f.source = 'activity' and f.activity_type in (${ActivityType.OutgoingCall}, ${ActivityType.IncomingCall})`
const activityOf = (type: number) => sql`f.source = 'activity' and f.activity_type = ${type}`
const fact = (source: string, eventType: string) => sql`f.source = ${source} and f.event_type = ${eventType}`
const move = (from: number, to: number) => sql`f.source = 'contact' and f.from_status = ${from} and f.to_status = ${to}`

/**
 * Which facts of report_sales_facts (alias `f`, active ones) each metric counts: the one definition both the
 * report's numbers and the drill-downs use, so a number and its list of records always agree.
 */
export const metricConditions: Record<SalesMetric, RawBuilder<unknown>> = {
  calls,
  callsAttempted: sql`${calls} and f.call_outcome = 'Attempted'`,
  callsAnswered: sql`${calls} and f.call_outcome = 'Answered'`,
  emails: activityOf(ActivityType.Email),
  texts: activityOf(ActivityType.TextMessage),
  meetings: activityOf(ActivityType.Meeting),
  newLeads: sql`f.source = 'contact' and f.event_type = 'ContactCreated'`,
  leadToProspect: move(ContactStatus.Lead, ContactStatus.Prospect),
  prospectToAccount: move(ContactStatus.Prospect, ContactStatus.Account),
  givenUp: sql`f.source = 'contact' and f.event_type = 'ContactGivenUp'`,
  dead: sql`f.source = 'contact' and f.event_type <> 'ContactCreated' and f.to_status = ${ContactStatus.Dead}`,
  notQualified: sql`f.source = 'contact' and f.event_type <> 'ContactCreated' and f.to_status = ${ContactStatus.NotQualified}`,
  referralsSent: fact('referral', 'ReferralSent'),
  referralsReceived: fact('referral', 'ReferralReceived'),
  opportunitiesCreated: fact('opportunity', 'OpportunityCreated'),
  opportunitiesWon: fact('opportunity', 'OpportunityWon'),
}

/** Dollars of the opportunities a money metric counts. */
export const amountOf = (metric: AmountMetric) =>
  sql`coalesce(sum(f.amount) filter (where ${metricConditions[metric]}), 0)::float8`

/** Seconds on calls: every call's duration, whatever its outcome. */
export const talkSeconds = sql`coalesce(sum(f.call_seconds) filter (where ${calls}), 0)::int`
