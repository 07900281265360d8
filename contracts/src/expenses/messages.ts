/** Expense messages. docs/product.md 5 gives the rule (an amount or a receipt); the wording is ours. */
export const expenseMessages = {
  amountOrReceipt: 'Please enter the expense amount or upload a receipt',
  amountInvalid: 'Enter an amount in USD with at most two decimals',
  dateRequired: 'Please select the expense date',
  receiptRequired: 'Please choose a receipt file',
  receiptType: 'A receipt must be an image (PNG, JPEG, GIF, WebP) or a PDF',
  receiptNotFound: 'Receipt not found',
  receiptUsed: 'This receipt is already filed with another expense',
  expenseFiled: 'Expense successfully saved.',
  expenseUpdated: 'Expense successfully updated.',
  expenseDeleted: 'Expense deleted.',
  expenseNotFound: 'Expense not found',
} as const

/** Expense categories (the product names none; these are the ones reps file). */
export const expenseCategories = {
  1: 'Fuel',
  2: 'Meals',
  3: 'Lodging',
  4: 'Travel',
  5: 'Entertainment',
  6: 'Office supplies',
  7: 'Other',
} as const
