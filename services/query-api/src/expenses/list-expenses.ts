import {
  expenseFilterSchema,
  expenseSortFields,
  fromCents,
  type Caller,
  type ExpensePage,
  type ExpenseFilter,
} from '@crm/contracts'
import { notFound } from '@crm/platform'
import { sql, type Kysely } from 'kysely'
import { z } from 'zod'
import { listOptionsParam, listOptionsQuery, type ListOptions } from '../common/list-options'
import { visibleOwnerSql } from './expense-visibility'

type ExpenseSortField = (typeof expenseSortFields)[number]
export type ExpenseOptions = ListOptions<ExpenseSortField, ExpenseFilter>

const sortColumns: Record<ExpenseSortField, string> = {
  expenseDate: 'e.expense_date',
  expense: 'e.amount_cents',
  createdAt: 'e.created_at',
}

/** The list's query; the contacts' default sort (name) means "newest first" here. */
const expenseList = {
  sortFields: expenseSortFields,
  defaultSort: { field: 'expenseDate', direction: 'desc' },
  filter: expenseFilterSchema,
} as const

/** `?options=<JSON>` as the web keeps it in its URL: paging, sort and the filter {month, userId}. */
export const expenseListParams = z.object({
  options: listOptionsParam(
    expenseList,
    listOptionsQuery(expenseList),
    'JSON: {pagination:{limit,first}, sort:{field,direction}, filter:{month: YYYY-MM, userId: uuid | team}}',
  ),
})

const currentMonth = (now = new Date()) => now.toISOString().slice(0, 7)

type ExpenseRecord = {
  expense_id: string
  user_id: string
  user_name: string | null
  amount_cents: string | number | null
  expense_date: string | Date
  category_id: number | null
  note: string | null
  receipt_key: string | null
  receipt_url: string | null
  receipt_name: string | null
  created_at: string | Date
}

const day = (value: string | Date) =>
  typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10)

/**
 * One month of expenses of one user (the caller by default; 'team': a manager's team and themselves), a page of
 * them and the month's total over all pages. A user the caller may not see answers 404, like a missing one.
 */
export async function listExpenses(db: Kysely<unknown>, caller: Caller, options: ExpenseOptions): Promise<ExpensePage> {
  const month = options.filter.month ?? currentMonth()
  const wanted = options.filter.userId ?? caller.userId
  const visible = visibleOwnerSql(caller, sql`e.user_id`)
  let owner = sql`e.user_id = ${wanted}::uuid`
  if (wanted === 'team') owner = sql`true`
  else if (wanted !== caller.userId) {
    const { rows } = await sql<{ ok: boolean }>`select ${visibleOwnerSql(caller, sql`${wanted}::uuid`)} as ok`.execute(
      db,
    )
    if (!rows[0]?.ok) throw notFound('User not found')
  }
  const where = sql`from expenses e left join users u on u.user_id = e.user_id
    where e.month = ${month} and ${owner} and ${visible}`
  const { rows: totals } = await sql<{ n: string; cents: string | null }>`
    select count(*) as n, sum(e.amount_cents) as cents ${where}`.execute(db)
  const direction = options.sort.direction === 'asc' ? sql`asc` : sql`desc`
  const column = sql.raw(sortColumns[options.sort.field])
  const { limit, first } = options.pagination
  const { rows } = await sql<ExpenseRecord>`
    select e.expense_id::text as expense_id, e.user_id::text as user_id, u.name as user_name, e.amount_cents,
      e.expense_date::text as expense_date, e.category_id, e.note, e.receipt_key, e.receipt_url, e.receipt_name,
      e.created_at
    ${where}
    order by ${column} ${direction} nulls last, e.expense_id ${direction}
    limit ${limit} offset ${first}`.execute(db)
  return {
    rows: rows.map((r) => ({
      id: r.expense_id,
      userId: r.user_id,
      userName: r.user_name,
      expense: r.amount_cents === null ? null : fromCents(Number(r.amount_cents)),
      expenseDate: day(r.expense_date),
      categoryId: r.category_id,
      note: r.note,
      receiptKey: r.receipt_key,
      receiptUrl: r.receipt_url,
      receiptName: r.receipt_name,
      createdAt: new Date(r.created_at).toISOString(),
    })),
    total: Number(totals[0]?.n ?? 0),
    totalIsCapped: false,
    month,
    totalExpense: fromCents(Number(totals[0]?.cents ?? 0)),
  }
}
