import {
  OpportunityStage,
  type OpportunityChanged,
  type OpportunityCreated,
  type OpportunityStageChanged,
  type ReferralAttentionToChanged,
  type ReferralChanged,
  type ReferralSent,
} from '@crm/contracts'
import type { StoredEvent } from '@crm/platform'
import { sql } from 'kysely'
import type { BatchHandler } from '../../runtime/apply-by-type'
import { recordset, updateNewerRows, uuidOrNull, type ColumnTypes } from '../../runtime/recordset'
import { insertFacts, type FactRow } from './facts-table'

type Handler<E extends { type: string; data: unknown }> = BatchHandler<'report_sales_facts', E>

const sentFact = (referralId: string) => `referral-sent:${referralId}`
const receivedFact = (referralId: string) => `referral-received:${referralId}`
const createdFact = (opportunityId: string) => `opportunity:${opportunityId}`
const wonFact = (opportunityId: string) => `opportunity-won:${opportunityId}`

/**
 * A referral is two facts: sent, for the user who sent it in the division it came from, and received, for the
 * user it is for (attention to) in the receiving division. Both at the moment it was sent.
 */
const onReferralSent: Handler<ReferralSent> = async (trx, events, tables) => {
  const rows = events.flatMap(({ data, metadata, streamVersion }): FactRow[] => {
    const fact = {
      source: 'referral',
      contact_id: data.contactId,
      occurred_at: metadata.occurredAt,
      detail: data.subject,
      version: streamVersion,
    }
    return [
      {
        ...fact,
        fact_id: sentFact(data.referralId),
        event_type: 'ReferralSent',
        user_id: uuidOrNull(data.sentBy),
        division_id: data.divisionFrom,
      },
      {
        ...fact,
        fact_id: receivedFact(data.referralId),
        event_type: 'ReferralReceived',
        user_id: uuidOrNull(data.attentionTo),
        division_id: data.divisionId,
      },
    ]
  })
  await insertFacts(trx, tables.report_sales_facts, rows)
}

/** Another receiving user: the received referral counts for them from now on. */
const onAttentionTo: Handler<ReferralAttentionToChanged> = async (trx, events, tables) => {
  const rows = events.map(({ data, streamVersion }) => ({
    fact_id: receivedFact(data.referralId),
    user_id: uuidOrNull(data.to),
    version: streamVersion,
  }))
  const types: ColumnTypes = [
    ['fact_id', 'text'],
    ['user_id', 'uuid'],
  ]
  await updateNewerRows(tables.report_sales_facts, 'fact_id', rows, types, sql`user_id = r.user_id`).execute(trx)
}

/** A new subject renames both facts of the referral (the drill-down shows it). */
const onReferralChanged: Handler<ReferralChanged> = async (trx, events, tables) => {
  const rows = events
    .filter((e) => e.data.changes.subject !== undefined)
    .flatMap(({ data, streamVersion }) =>
      [sentFact(data.referralId), receivedFact(data.referralId)].map((fact_id) => ({
        fact_id,
        detail: data.changes.subject,
        version: streamVersion,
      })),
    )
  if (rows.length === 0) return
  const types: ColumnTypes = [
    ['fact_id', 'text'],
    ['detail', 'text'],
  ]
  await updateNewerRows(tables.report_sales_facts, 'fact_id', rows, types, sql`detail = r.detail`).execute(trx)
}

/**
 * An opportunity counts for its salesperson (userId, who may differ from its author) in its division: created at
 * its creation date, won when it reaches Closed Won (created there, or moved there later), with its amount.
 */
const onOpportunityCreated: Handler<OpportunityCreated> = async (trx, events, tables) => {
  const rows = events.flatMap(({ data, streamVersion }): FactRow[] => {
    const fact = {
      source: 'opportunity',
      user_id: uuidOrNull(data.userId),
      division_id: data.divisionId,
      contact_id: data.contactId,
      occurred_at: data.creationDate,
      amount: data.amount,
      detail: data.opportunityName,
      version: streamVersion,
    }
    const created = { ...fact, fact_id: createdFact(data.opportunityId), event_type: 'OpportunityCreated' }
    if (data.prospectStage !== OpportunityStage.ClosedWon) return [created]
    return [created, { ...fact, fact_id: wonFact(data.opportunityId), event_type: 'OpportunityWon' }]
  })
  await insertFacts(trx, tables.report_sales_facts, rows)
}

/** A new amount, salesperson or name moves both facts: a deal's figures are its current ones. */
const onOpportunityChanged: Handler<OpportunityChanged> = async (trx, events, tables) => {
  const rows = events.flatMap(({ data, streamVersion }) =>
    [createdFact(data.opportunityId), wonFact(data.opportunityId)].map((fact_id) => ({
      fact_id,
      changes: data.changes,
      version: streamVersion,
    })),
  )
  const types: ColumnTypes = [
    ['fact_id', 'text'],
    ['changes', 'jsonb'],
  ]
  const set = sql`amount = case when r.changes ? 'amount' then (r.changes->>'amount')::numeric else t.amount end,
    user_id = case when r.changes ? 'userId' then (r.changes->>'userId')::uuid else t.user_id end,
    detail = case when r.changes ? 'opportunityName' then r.changes->>'opportunityName' else t.detail end`
  await updateNewerRows(tables.report_sales_facts, 'fact_id', rows, types, set).execute(trx)
}

/**
 * Reaching Closed Won records the win (at the move); leaving it withdraws the win, and winning again counts at
 * the new moment. The won fact copies whose, where, which contact and how much from the created fact.
 */
const onStageChanged: Handler<OpportunityStageChanged> = async (trx, events, tables) => {
  const won = OpportunityStage.ClosedWon
  const rows = events
    .filter(({ data }) => data.toStage === won || data.fromStage === won)
    .map(({ data, streamVersion }) => ({
      opportunity_id: data.opportunityId,
      active: data.toStage === won,
      at: data.changedAt,
      version: streamVersion,
    }))
  if (rows.length === 0) return
  const table = sql.table(tables.report_sales_facts)
  const input = recordset(rows, [
    ['opportunity_id', 'text'],
    ['active', 'boolean'],
    ['at', 'timestamptz'],
    ['version', 'int'],
  ])
  await sql`
    insert into ${table} (fact_id, source, event_type, user_id, division_id, contact_id, occurred_at, amount, detail,
      active, version)
    select 'opportunity-won:' || r.opportunity_id, 'opportunity', 'OpportunityWon', c.user_id, c.division_id,
      c.contact_id, r.at, c.amount, c.detail, r.active, r.version
    from ${input} join ${table} c on c.fact_id = 'opportunity:' || r.opportunity_id
    on conflict (fact_id) do update set active = excluded.active,
      occurred_at = case when excluded.active then excluded.occurred_at else ${table}.occurred_at end,
      version = excluded.version
    where ${table}.version < excluded.version`.execute(trx)
}

/** The facts an event of a referral or an opportunity may write (the roll-up adjusts them). */
export function dealFactIds(event: StoredEvent): string[] {
  const data = event.data as { referralId?: string; opportunityId?: string }
  switch (event.type) {
    case 'ReferralSent':
      return [sentFact(data.referralId!), receivedFact(data.referralId!)]
    case 'ReferralAttentionToChanged':
      return [receivedFact(data.referralId!)]
    case 'OpportunityCreated':
    case 'OpportunityChanged':
    case 'OpportunityStageChanged':
      return [createdFact(data.opportunityId!), wonFact(data.opportunityId!)]
    default:
      return [] // ReferralChanged renames only
  }
}

export const dealFactHandlers = {
  ReferralSent: onReferralSent,
  ReferralAttentionToChanged: onAttentionTo,
  ReferralChanged: onReferralChanged,
  OpportunityCreated: onOpportunityCreated,
  OpportunityChanged: onOpportunityChanged,
  OpportunityStageChanged: onStageChanged,
}
