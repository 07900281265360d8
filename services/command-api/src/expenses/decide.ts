import {
  canSeeWorkOf,
  expenseMessages,
  toCents,
  type CreateExpense,
  type ExpenseChanged,
  type ExpenseEvent,
  type UpdateExpense,
  type ExpenseFiled,
} from '@crm/contracts'
import { DomainError, notFound } from '@crm/platform'
import type { Decider } from '../command-handling/decider'
import { FieldRuleError } from '../command-handling/field-rule-error'
import type { Actor } from '../contacts/commands'

export type FileExpenseCommand = {
  type: 'FileExpense'
  actor: Actor
  expenseId: string
  data: CreateExpense
  /** The claimed receipt (its key, where it opens and its file name), or null. */
  receipt: FiledReceipt | null
}
export type FiledReceipt = { key: string; url: string; name: string }

/** PATCH /expenses/{id}; `receipt` is the newly claimed receipt when `changes.receiptKey` names one. */
export type EditExpenseCommand = { type: 'EditExpense'; actor: Actor; changes: UpdateExpense; receipt?: FiledReceipt }
export type DeleteExpenseCommand = { type: 'DeleteExpense'; actor: Actor }
export type ExpenseCommand = FileExpenseCommand | EditExpenseCommand | DeleteExpenseCommand

/** The expense as filed and edited since; null before it is filed. */
export interface ExpenseState {
  expense: ExpenseFiled['data'] | null
  deleted: boolean
}

/**
 * Who may edit or delete an expense: whoever may see it (contracts' canSeeWorkOf: its owner, their manager,
 * executives and administrators). Anyone else, like a deleted or never filed expense, finds it missing.
 */
export function assertMayTouchExpense(state: ExpenseState, actor: Actor): ExpenseFiled['data'] {
  if (!state.expense || state.deleted || !canSeeWorkOf(actor, state.expense.userId)) {
    throw notFound(expenseMessages.expenseNotFound)
  }
  return state.expense
}

function fileExpense(state: ExpenseState, { actor, expenseId, data, receipt }: FileExpenseCommand): ExpenseEvent[] {
  if (state.expense) return []
  const amount = data.expense ?? null
  if (amount === null && !receipt) throw new DomainError(expenseMessages.amountOrReceipt)
  const filed: ExpenseFiled['data'] = {
    expenseId,
    userId: actor.userId,
    divisionId: actor.divisionId,
    amountCents: amount === null ? null : toCents(amount),
    expenseDate: data.expenseDate,
    categoryId: data.categoryId ?? null,
    note: data.note?.trim() || null,
    receiptKey: receipt?.key ?? null,
    receiptUrl: receipt?.url ?? null,
    receiptName: receipt?.name ?? null,
  }
  return [{ type: 'ExpenseFiled', data: filed }]
}

/** Records only what changed; the expense keeps an amount or a receipt (docs/product.md 5), or the edit is refused. */
function editExpense(state: ExpenseState, { actor, changes, receipt }: EditExpenseCommand): ExpenseEvent[] {
  const before = assertMayTouchExpense(state, actor)
  const after: ExpenseChanged['data']['changes'] = {}
  if (changes.expense !== undefined) after.amountCents = changes.expense === null ? null : toCents(changes.expense)
  if (changes.expenseDate !== undefined) after.expenseDate = changes.expenseDate
  if (changes.categoryId !== undefined) after.categoryId = changes.categoryId
  if (changes.note !== undefined) after.note = changes.note?.trim() || null
  if (changes.receiptKey === null) Object.assign(after, { receiptKey: null, receiptUrl: null, receiptName: null })
  else if (changes.receiptKey !== undefined) {
    if (!receipt || receipt.key !== changes.receiptKey) throw notFound(expenseMessages.receiptNotFound)
    Object.assign(after, { receiptKey: receipt.key, receiptUrl: receipt.url, receiptName: receipt.name })
  }
  const changed = Object.fromEntries(
    Object.entries(after).filter(([key, value]) => before[key as keyof typeof before] !== value),
  ) as ExpenseChanged['data']['changes']
  if (Object.keys(changed).length === 0) return []
  const result = { ...before, ...changed }
  if (result.amountCents === null && result.receiptKey === null) {
    throw new FieldRuleError(changes.receiptKey === null ? 'receiptKey' : 'expense', expenseMessages.amountOrReceipt)
  }
  return [{ type: 'ExpenseChanged', data: { expenseId: before.expenseId, changes: changed } }]
}

/**
 * One expense: filed once, with an amount or a receipt (docs/product.md 5), in whole cents; edited and deleted by
 * whoever may see it. A retried file appends nothing; a deleted expense is gone for every command.
 */
export const expenseDecider: Decider<ExpenseState, ExpenseCommand, ExpenseEvent> = {
  initialState: { expense: null, deleted: false },
  evolve(state, event) {
    if (event.type === 'ExpenseFiled') return { ...state, expense: event.data }
    if (event.type === 'ExpenseChanged' && state.expense) {
      return { ...state, expense: { ...state.expense, ...event.data.changes } }
    }
    if (event.type === 'ExpenseDeleted') return { ...state, deleted: true }
    return state
  },
  startsStream: (command) => command.type === 'FileExpense',
  decide(state, command) {
    if (command.type === 'FileExpense') return fileExpense(state, command)
    if (command.type === 'EditExpense') return editExpense(state, command)
    assertMayTouchExpense(state, command.actor)
    return [{ type: 'ExpenseDeleted', data: { expenseId: state.expense!.expenseId } }]
  },
}
