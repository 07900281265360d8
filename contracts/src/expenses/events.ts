/**
 * Events of the expense streams. `expense-<id>` holds one expense; `expense-receipt-<key>` one uploaded receipt
 * (who uploaded it, and the expense that claimed it), so a receipt is filed once and only by its uploader.
 * Amounts are whole cents. Fields are only ever added, never renamed.
 */
export type ExpenseReceiptUploaded = {
  type: 'ExpenseReceiptUploaded'
  data: { key: string; name: string; contentType: string; size: number; uploadedBy: string }
}
export type ExpenseReceiptClaimed = {
  type: 'ExpenseReceiptClaimed'
  data: { key: string; expenseId: string }
}
export type ExpenseFiled = {
  type: 'ExpenseFiled'
  data: {
    expenseId: string
    userId: string
    divisionId: number
    /** docs/product.md 3 "expense (USD)", in cents; null when only a receipt was filed. */
    amountCents: number | null
    /** The day the money was spent (YYYY-MM-DD). */
    expenseDate: string
    categoryId: number | null
    note: string | null
    receiptKey: string | null
    receiptUrl: string | null
    receiptName: string | null
  }
}

/** Only the fields that changed; a receipt removed is `receiptKey: null` with its URL and name. */
export type ExpenseChanged = {
  type: 'ExpenseChanged'
  data: {
    expenseId: string
    changes: Partial<
      Pick<
        ExpenseFiled['data'],
        'amountCents' | 'expenseDate' | 'categoryId' | 'note' | 'receiptKey' | 'receiptUrl' | 'receiptName'
      >
    >
  }
}
export type ExpenseDeleted = { type: 'ExpenseDeleted'; data: { expenseId: string } }

export type ExpenseEvent =
  ExpenseReceiptUploaded | ExpenseReceiptClaimed | ExpenseFiled | ExpenseChanged | ExpenseDeleted

export const expenseEventTypes = [
  'ExpenseReceiptUploaded',
  'ExpenseReceiptClaimed',
  'ExpenseFiled',
  'ExpenseChanged',
  'ExpenseDeleted',
] as const satisfies readonly ExpenseEvent['type'][]

export const expenseStreamId = (expenseId: string): string => `expense-${expenseId}`
export const expenseReceiptStreamId = (key: string): string => `expense-receipt-${key}`
