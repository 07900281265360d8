import type {
  ReferralAttentionToChanged,
  ReferralChanged,
  ReferralMarkedRead,
  ReferralSent,
  ReferralTaskCompleted,
} from '@crm/contracts'
import { sql } from 'kysely'
import { applyByType, type BatchHandler } from '../../runtime/apply-by-type'
import { defineProjection, type Executor, type TableNames } from '../../runtime/projection'
import { changedColumn, insertRows, updateNewerRows, type ColumnTypes } from '../../runtime/recordset'

type Tables = TableNames<'referrals'>

/**
 * Referrals (docs/product.md 3): one row each, with who sent it and when, both divisions, the attention-to user,
 * its status and its payment, so that the Referrals list, the timeline and reports count them by division, user,
 * date and amount.
 */
async function migrate(trx: Executor, { referrals: table }: Tables): Promise<void> {
  await sql`
    create table ${sql.table(table)} (
      referral_id uuid primary key,
      contact_id uuid not null,
      division_id int not null,
      division_from int not null,
      subject text not null,
      effort_level int not null,
      grade int not null,
      attention_to uuid not null,
      due_date timestamptz not null,
      delay_date timestamptz,
      note text,
      status int not null,
      task_id uuid not null,
      sent_by uuid not null,
      sent_at timestamptz not null,
      completed_at timestamptz,
      completed_by uuid,
      payment_date timestamptz,
      payment_amount numeric(14, 2),
      payee text,
      payor int,
      payment_status text,
      payment_entered_by uuid,
      paid_at timestamptz,
      version int not null,
      updated_at timestamptz not null
    )`.execute(trx)
  await sql`create index on ${sql.table(table)} (division_from, sent_at desc)`.execute(trx)
  await sql`create index on ${sql.table(table)} (division_id, sent_at desc)`.execute(trx)
  await sql`create index on ${sql.table(table)} (contact_id)`.execute(trx)
}

const columns: ColumnTypes = [
  ['referral_id', 'uuid'],
  ['contact_id', 'uuid'],
  ['division_id', 'int'],
  ['division_from', 'int'],
  ['subject', 'text'],
  ['effort_level', 'int'],
  ['grade', 'int'],
  ['attention_to', 'uuid'],
  ['due_date', 'timestamptz'],
  ['delay_date', 'timestamptz'],
  ['note', 'text'],
  ['status', 'int'],
  ['task_id', 'uuid'],
  ['sent_by', 'uuid'],
  ['sent_at', 'timestamptz'],
  ['version', 'int'],
  ['updated_at', 'timestamptz'],
]

const onSent: BatchHandler<'referrals', ReferralSent> = async (trx, events, tables) => {
  const rows = events.map(({ data, metadata, streamVersion }) => ({
    referral_id: data.referralId,
    contact_id: data.contactId,
    division_id: data.divisionId,
    division_from: data.divisionFrom,
    subject: data.subject,
    effort_level: data.effortLevel,
    grade: data.grade,
    attention_to: data.attentionTo,
    due_date: data.dueDate,
    delay_date: data.delayDate,
    note: data.note,
    status: data.status,
    task_id: data.taskId,
    sent_by: data.sentBy,
    sent_at: metadata.occurredAt,
    version: streamVersion,
    updated_at: metadata.occurredAt,
  }))
  await insertRows(tables.referrals, rows, columns, sql`on conflict (referral_id) do nothing`).execute(trx)
}

const keyed = <D extends { referralId: string }>(
  events: { data: D; streamVersion: number; metadata: { occurredAt: string } }[],
  values: (data: D) => object,
) =>
  events.map(({ data, streamVersion, metadata }) => ({
    referral_id: data.referralId,
    version: streamVersion,
    at: metadata.occurredAt,
    ...values(data),
  }))

const onChanged: BatchHandler<'referrals', ReferralChanged> = async (trx, events, tables) => {
  const rows = keyed(events, (d) => ({ changes: d.changes }))
  const types: ColumnTypes = [
    ['referral_id', 'uuid'],
    ['changes', 'jsonb'],
    ['at', 'timestamptz'],
  ]
  const set = sql.join([
    changedColumn('subject', 'subject', 'text'),
    changedColumn('effortLevel', 'effort_level', 'int'),
    changedColumn('grade', 'grade', 'int'),
    changedColumn('dueDate', 'due_date', 'timestamptz'),
    changedColumn('delayDate', 'delay_date', 'timestamptz'),
    changedColumn('note', 'note', 'text'),
  ])
  await updateNewerRows(tables.referrals, 'referral_id', rows, types, sql`${set}, updated_at = r.at`).execute(trx)
}

const onAttentionTo: BatchHandler<'referrals', ReferralAttentionToChanged> = async (trx, events, tables) => {
  const rows = keyed(events, (d) => ({ attention_to: d.to }))
  const types: ColumnTypes = [
    ['referral_id', 'uuid'],
    ['attention_to', 'uuid'],
    ['at', 'timestamptz'],
  ]
  const set = sql`attention_to = r.attention_to, updated_at = r.at`
  await updateNewerRows(tables.referrals, 'referral_id', rows, types, set).execute(trx)
}

const onTaskCompleted: BatchHandler<'referrals', ReferralTaskCompleted> = async (trx, events, tables) => {
  const rows = keyed(events, (d) => ({ status: d.status, completed_by: d.completedBy, completed_at: d.completedAt }))
  const types: ColumnTypes = [
    ['referral_id', 'uuid'],
    ['status', 'int'],
    ['completed_by', 'uuid'],
    ['completed_at', 'timestamptz'],
    ['at', 'timestamptz'],
  ]
  const set = sql`status = r.status, completed_by = r.completed_by, completed_at = r.completed_at, updated_at = r.at`
  await updateNewerRows(tables.referrals, 'referral_id', rows, types, set).execute(trx)
}

const onMarkedRead: BatchHandler<'referrals', ReferralMarkedRead> = async (trx, events, tables) => {
  const rows = keyed(events, (d) => ({
    payment_date: d.paymentDate,
    payment_amount: d.paymentAmount,
    payee: d.payee,
    payor: d.payor,
    payment_status: d.paymentStatus,
    payment_entered_by: d.paymentEnteredBy,
  }))
  const types: ColumnTypes = [
    ['referral_id', 'uuid'],
    ['payment_date', 'timestamptz'],
    ['payment_amount', 'numeric'],
    ['payee', 'text'],
    ['payor', 'int'],
    ['payment_status', 'text'],
    ['payment_entered_by', 'uuid'],
    ['at', 'timestamptz'],
  ]
  const set = sql`payment_date = r.payment_date, payment_amount = r.payment_amount, payee = r.payee, payor = r.payor,
    payment_status = r.payment_status, payment_entered_by = r.payment_entered_by, paid_at = r.at, updated_at = r.at`
  await updateNewerRows(tables.referrals, 'referral_id', rows, types, set).execute(trx)
}

export const referralsProjection = defineProjection({
  name: 'referrals',
  version: 1,
  tables: ['referrals'],
  migrate,
  applyBatch: applyByType<'referrals'>({
    ReferralSent: onSent,
    ReferralChanged: onChanged,
    ReferralAttentionToChanged: onAttentionTo,
    ReferralTaskCompleted: onTaskCompleted,
    ReferralMarkedRead: onMarkedRead,
  }),
})
