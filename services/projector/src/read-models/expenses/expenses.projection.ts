import type {
  ExpenseChanged,
  ExpenseDeleted,
  ExpenseFiled,
  ExpenseReceiptClaimed,
  ExpenseReceiptUploaded,
} from '@crm/contracts'
import { sql } from 'kysely'
import { applyByType, type BatchHandler } from '../../runtime/apply-by-type'
import { defineProjection, type Executor, type TableNames } from '../../runtime/projection'
import { changedColumn, insertRows, updateNewerRows, type ColumnTypes } from '../../runtime/recordset'

type Tables = TableNames<'expenses' | 'expense_receipts'>

/**
 * Expenses by user and month (the list and its total), and every uploaded receipt with its uploader and the
 * expense that filed it (who may open a receipt: docs/decisions/020).
 */
async function migrate(trx: Executor, { expenses, expense_receipts: receipts }: Tables): Promise<void> {
  await sql`
    create table ${sql.table(expenses)} (
      expense_id uuid primary key,
      user_id uuid not null,
      division_id int not null,
      amount_cents bigint,
      expense_date date not null,
      month text not null,
      category_id int,
      note text,
      receipt_key text,
      receipt_url text,
      receipt_name text,
      created_at timestamptz not null,
      version int not null
    )`.execute(trx)
  // A user's month, newest first; the month's total reads the same rows.
  await sql`create index on ${sql.table(expenses)} (user_id, month, expense_date desc, expense_id)`.execute(trx)
  await sql`create index on ${sql.table(expenses)} (receipt_key) where receipt_key is not null`.execute(trx)
  await sql`
    create table ${sql.table(receipts)} (
      key text primary key,
      uploaded_by uuid not null,
      name text not null,
      content_type text not null,
      size int not null,
      expense_id uuid,
      uploaded_at timestamptz not null,
      version int not null
    )`.execute(trx)
}

const expenseColumns: ColumnTypes = [
  ['expense_id', 'uuid'],
  ['user_id', 'uuid'],
  ['division_id', 'int'],
  ['amount_cents', 'bigint'],
  ['expense_date', 'date'],
  ['month', 'text'],
  ['category_id', 'int'],
  ['note', 'text'],
  ['receipt_key', 'text'],
  ['receipt_url', 'text'],
  ['receipt_name', 'text'],
  ['created_at', 'timestamptz'],
  ['version', 'int'],
]

const onFiled: BatchHandler<'expenses' | 'expense_receipts', ExpenseFiled> = async (trx, events, tables) => {
  const rows = events.map(({ data, metadata, streamVersion }) => ({
    expense_id: data.expenseId,
    user_id: data.userId,
    division_id: data.divisionId,
    amount_cents: data.amountCents,
    expense_date: data.expenseDate,
    month: data.expenseDate.slice(0, 7),
    category_id: data.categoryId,
    note: data.note,
    receipt_key: data.receiptKey,
    receipt_url: data.receiptUrl,
    receipt_name: data.receiptName,
    created_at: metadata.occurredAt,
    version: streamVersion,
  }))
  await insertRows(tables.expenses, rows, expenseColumns, sql`on conflict (expense_id) do nothing`).execute(trx)
}

/** An edit moves only the fields it names; a new day moves the expense to that day's month (and its total). */
const onChanged: BatchHandler<'expenses' | 'expense_receipts', ExpenseChanged> = async (trx, events, tables) => {
  const rows = events.map(({ data, streamVersion }) => ({
    expense_id: data.expenseId,
    changes: data.changes,
    version: streamVersion,
  }))
  await updateNewerRows(
    tables.expenses,
    'expense_id',
    rows,
    [
      ['expense_id', 'uuid'],
      ['changes', 'jsonb'],
    ],
    sql.join([
      changedColumn('amountCents', 'amount_cents', 'bigint'),
      changedColumn('expenseDate', 'expense_date', 'date'),
      sql`month = case when r.changes ? 'expenseDate' then left(r.changes->>'expenseDate', 7) else t.month end`,
      changedColumn('categoryId', 'category_id', 'int'),
      changedColumn('note', 'note', 'text'),
      changedColumn('receiptKey', 'receipt_key', 'text'),
      changedColumn('receiptUrl', 'receipt_url', 'text'),
      changedColumn('receiptName', 'receipt_name', 'text'),
    ]),
  ).execute(trx)
}

/** A deleted expense leaves the list and its month's total; its receipts then open for their uploader only. */
const onDeleted: BatchHandler<'expenses' | 'expense_receipts', ExpenseDeleted> = async (trx, events, tables) => {
  const ids = events.map((e) => e.data.expenseId)
  await sql`delete from ${sql.table(tables.expenses)} where expense_id = any(${ids}::uuid[])`.execute(trx)
}

const receiptColumns: ColumnTypes = [
  ['key', 'text'],
  ['uploaded_by', 'uuid'],
  ['name', 'text'],
  ['content_type', 'text'],
  ['size', 'int'],
  ['uploaded_at', 'timestamptz'],
  ['version', 'int'],
]

const onUploaded: BatchHandler<'expenses' | 'expense_receipts', ExpenseReceiptUploaded> = async (
  trx,
  events,
  tables,
) => {
  const rows = events.map(({ data, metadata, streamVersion }) => ({
    key: data.key,
    uploaded_by: data.uploadedBy,
    name: data.name,
    content_type: data.contentType,
    size: data.size,
    uploaded_at: metadata.occurredAt,
    version: streamVersion,
  }))
  await insertRows(tables.expense_receipts, rows, receiptColumns, sql`on conflict (key) do nothing`).execute(trx)
}

const onClaimed: BatchHandler<'expenses' | 'expense_receipts', ExpenseReceiptClaimed> = async (trx, events, tables) => {
  const rows = events.map(({ data, streamVersion }) => ({
    key: data.key,
    expense_id: data.expenseId,
    version: streamVersion,
  }))
  await updateNewerRows(
    tables.expense_receipts,
    'key',
    rows,
    [
      ['key', 'text'],
      ['expense_id', 'uuid'],
    ],
    sql`expense_id = r.expense_id`,
  ).execute(trx)
}

export const expensesProjection = defineProjection({
  name: 'expenses',
  version: 1,
  tables: ['expenses', 'expense_receipts'],
  migrate,
  applyBatch: applyByType<'expenses' | 'expense_receipts'>({
    ExpenseFiled: onFiled,
    ExpenseChanged: onChanged,
    ExpenseDeleted: onDeleted,
    ExpenseReceiptUploaded: onUploaded,
    ExpenseReceiptClaimed: onClaimed,
  }),
})
