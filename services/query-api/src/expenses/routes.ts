import { expensePageSchema, readModelNames } from '@crm/contracts'
import type { HttpApp } from '@crm/platform'
import type { Kysely } from 'kysely'
import { viewerOf } from '../viewer'
import { expenseCaller } from './expense-visibility'
import { expenseListParams, listExpenses } from './list-expenses'

/** docs/product.md 7 "expenses": GET /expenses, a month of a user's expenses with the month's total. */
export function expenseRoutes(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  api.get(
    '/expenses',
    {
      config: { projections: [readModelNames.expenses, readModelNames.users], openapi: { errors: [404] } },
      schema: {
        tags: ['expenses'],
        summary:
          "A month of expenses (the caller's, a team member's or a manager's whole team), paged, with the month's total",
        querystring: expenseListParams,
        response: { 200: expensePageSchema },
      },
    },
    async (request) => listExpenses(db, await expenseCaller(db, viewerOf(request)), request.query.options),
  )
}

export { canReadReceipt } from './expense-visibility'
