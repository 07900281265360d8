import { queryOptions } from '@tanstack/react-query'
import type { CreateExpense, ExpensePage, ListQuery, UpdateExpense, UploadReceiptAnswer } from '@crm/contracts'
import { encodeListOptions } from '../../components/data-table/list-query-codec'
import { api } from '../../lib/api'
import { postMultipart } from '../../lib/multipart'

export const expenseKeys = {
  all: ['expenses'] as const,
  list: (query: ListQuery) => [...expenseKeys.all, 'list', query] as const,
}

/** GET /expenses?options=…: a month of expenses with its total. */
export const expenseListQueryOptions = (query: ListQuery) =>
  queryOptions({
    queryKey: expenseKeys.list(query),
    queryFn: ({ signal }) => api.get<ExpensePage>(`/expenses?options=${encodeListOptions(query)}`, { signal }),
  })

/** POST /expenses/upload-receipt (multipart field `receipt`): where it opens, and its key for the expense. */
export function uploadReceipt(file: File): Promise<UploadReceiptAnswer> {
  const form = new FormData()
  form.append('receipt', file, file.name)
  return postMultipart<UploadReceiptAnswer>('/expenses/upload-receipt', form)
}

/** POST /expenses. */
export const createExpense = (body: CreateExpense) =>
  api.post<{ id: string; position: string }>('/expenses', body, { quiet: [400] })

type ExpenseAnswer = { id: string; position: string; message: string }

/** PATCH /expenses/{id}: only the fields sent change. */
export const editExpense = (id: string, changes: UpdateExpense) =>
  api.patch<ExpenseAnswer>(`/expenses/${id}`, changes, { quiet: [400] })

/** DELETE /expenses/{id}. */
export const deleteExpense = (id: string) => api.delete<ExpenseAnswer>(`/expenses/${id}`)

/** USD with two decimals (docs/product.md 5). */
export const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 })

/** This month as YYYY-MM in the user's time zone. */
export function thisMonth(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`
}
export function today(now = new Date()): string {
  return `${thisMonth(now)}-${String(now.getDate()).padStart(2, '0')}`
}
