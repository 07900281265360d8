import { z } from 'zod'
import { mustChange, patchOf } from '../common/patch-schema'
import { expenseCategories, expenseMessages as m } from './messages'

/** USD with at most two decimals (docs/product.md 5), positive, below a million. */
export const usdAmountSchema = z
  .number({ error: m.amountInvalid })
  .positive(m.amountInvalid)
  .max(999_999.99, m.amountInvalid)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, m.amountInvalid)

const categoryIds = Object.keys(expenseCategories).map(Number)

const expenseShape = {
  expense: usdAmountSchema.optional().nullable(),
  expenseDate: z.iso.date({ error: m.dateRequired }),
  categoryId: z
    .number()
    .int()
    .refine((n) => categoryIds.includes(n), 'Please select a category')
    .meta({ enum: categoryIds })
    .optional()
    .nullable(),
  note: z.string().trim().max(1000).optional().nullable(),
  receiptKey: z
    .string()
    .regex(/^[0-9a-f-]{36}(\.[a-z0-9]{1,10})?$/, m.receiptNotFound)
    .optional()
    .nullable(),
}

/** POST /expenses: posted only with an amount or a receipt (the key answered by /expenses/upload-receipt). */
export const createExpenseSchema = z
  .object(expenseShape)
  .refine((body) => (body.expense ?? null) !== null || Boolean(body.receiptKey), {
    message: m.amountOrReceipt,
    path: ['expense'],
  })
export type CreateExpense = z.infer<typeof createExpenseSchema>

/**
 * PATCH /expenses/{id}: only the fields sent change; `receiptKey` a newly uploaded receipt, or null to remove it.
 * The expense must still have an amount or a receipt afterwards (decided on its stream).
 */
export const updateExpenseSchema = patchOf(expenseShape).refine(...mustChange())
export type UpdateExpense = z.infer<typeof updateExpenseSchema>

/** What PATCH and DELETE /expenses/{id} answer: the expense, the position of the change, and the toast. */
export const expenseAnswerSchema = z.object({ id: z.string(), position: z.string(), message: z.string() })

/** POST /expenses/upload-receipt answers where the receipt is shown and its key for POST /expenses. */
export const uploadReceiptAnswerSchema = z.object({ location: z.string(), key: z.string() })
export type UploadReceiptAnswer = z.infer<typeof uploadReceiptAnswerSchema>

/** The name the file viewer and GET /file-decoder know a receipt by: its owner's prefix, then its key. */
export const receiptFileName = (key: string): string => `receipts/${key}`

/** Where a receipt opens: the file viewer (docs/product.md 2, /file-viewer?fileName=). */
export const receiptLocation = (key: string): string =>
  `/file-viewer?fileName=${encodeURIComponent(receiptFileName(key))}`

/** One expense as the list shows it. */
export const expenseRowSchema = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string().nullable(),
  expense: z.number().nullable(),
  expenseDate: z.string(),
  categoryId: z.number().nullable(),
  note: z.string().nullable(),
  receiptKey: z.string().nullable(),
  receiptUrl: z.string().nullable(),
  receiptName: z.string().nullable(),
  createdAt: z.string(),
})
export type ExpenseRow = z.infer<typeof expenseRowSchema>

/** A month's page of expenses with the month's total (all pages) in USD. */
export const expensePageSchema = z.object({
  rows: z.array(expenseRowSchema),
  total: z.number().int(),
  totalIsCapped: z.boolean(),
  month: z.string(),
  totalExpense: z.number(),
})
export type ExpensePage = z.infer<typeof expensePageSchema>

/** The filter of the expenses list: a month (YYYY-MM) and whose expenses ('team' = a manager's whole team). */
export const expenseFilterSchema = z
  .object({
    month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use a month as YYYY-MM'),
    userId: z.union([z.uuid(), z.literal('team')]),
  })
  .partial()
  .strict()
export type ExpenseFilter = z.infer<typeof expenseFilterSchema>

export const expenseSortFields = ['expenseDate', 'expense', 'createdAt'] as const

/** Cents to USD and back, exactly. */
export const toCents = (usd: number): number => Math.round(usd * 100)
export const fromCents = (cents: number): number => cents / 100
