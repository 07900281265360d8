import { createExpenseSchema, expenseMessages, updateExpenseSchema, type ExpenseEvent } from '@crm/contracts'
import { describe, expect, it } from 'vitest'
import { idsFor } from '../command-handling/ids'
import { now, otherUser, rep } from '../testing/contact-given'
import { expenseDecider, type ExpenseCommand, type FileExpenseCommand } from './decide'
import { receiptDecider, type ReceiptCommand } from './receipt/decide'

const context = { now, ids: idsFor('test') }
const key = '0b6f8a52-9a0e-4c1e-8a51-6f1d2c3b4a59.png'
const expenseId = 'e1c6c4a8-0f7b-4a2e-9d7e-1b2c3d4e5f60'
const uploaded: ExpenseEvent = {
  type: 'ExpenseReceiptUploaded',
  data: { key, name: 'fuel.png', contentType: 'image/png', size: 10, uploadedBy: rep.userId },
}
const receipt = (events: ExpenseEvent[]) => {
  const state = events.reduce(receiptDecider.evolve, receiptDecider.initialState)
  return (command: ReceiptCommand) => () => receiptDecider.decide(state, command, context)
}
const claim = (actor = rep, id = expenseId): ReceiptCommand => ({ type: 'ClaimReceipt', actor, expenseId: id })
const file = (data: object, withReceipt = false): FileExpenseCommand => ({
  type: 'FileExpense',
  actor: rep,
  expenseId,
  data: createExpenseSchema.parse({ expenseDate: '2026-11-03', ...data, ...(withReceipt ? { receiptKey: key } : {}) }),
  receipt: withReceipt ? { key, url: `/file-viewer?fileName=${key}`, name: 'fuel.png' } : null,
})

const stateOf = (events: ExpenseEvent[]) => events.reduce(expenseDecider.evolve, expenseDecider.initialState)

describe('receipt decider', () => {
  it('is claimed once, by its uploader; again by the same expense is no change', () => {
    expect(receipt([uploaded])(claim())()).toEqual([{ type: 'ExpenseReceiptClaimed', data: { key, expenseId } }])
    const claimed: ExpenseEvent = { type: 'ExpenseReceiptClaimed', data: { key, expenseId } }
    expect(receipt([uploaded, claimed])(claim())()).toEqual([])
    expect(receipt([uploaded, claimed])(claim(rep, otherUser))).toThrow(expenseMessages.receiptUsed)
  })

  it('is not found for anyone else, nor when it was never uploaded', () => {
    expect(receipt([uploaded])(claim({ ...rep, userId: otherUser }))).toThrow('Not found')
    expect(receipt([])(claim())).toThrow('Not found')
  })
})

describe('expense decider', () => {
  it('files the amount in whole cents with the receipt', () => {
    expect(
      expenseDecider.decide(expenseDecider.initialState, file({ expense: 19.99, categoryId: 1 }, true), context),
    ).toEqual([
      {
        type: 'ExpenseFiled',
        data: {
          expenseId,
          userId: rep.userId,
          divisionId: 15,
          amountCents: 1999,
          expenseDate: '2026-11-03',
          categoryId: 1,
          note: null,
          receiptKey: key,
          receiptUrl: `/file-viewer?fileName=${key}`,
          receiptName: 'fuel.png',
        },
      },
    ])
  })

  it('needs an amount or a receipt; a receipt alone is enough', () => {
    expect(createExpenseSchema.safeParse({ expenseDate: '2026-11-03' }).error?.issues[0]?.message).toBe(
      expenseMessages.amountOrReceipt,
    )
    expect(expenseDecider.decide(expenseDecider.initialState, file({}, true), context)[0]?.data).toMatchObject({
      amountCents: null,
    })
  })

  it('takes USD with at most two decimals', () => {
    expect(createExpenseSchema.safeParse({ expense: 10.5, expenseDate: '2026-11-03' }).success).toBe(true)
    expect(createExpenseSchema.safeParse({ expense: 10.555, expenseDate: '2026-11-03' }).success).toBe(false)
    expect(createExpenseSchema.safeParse({ expense: -1, expenseDate: '2026-11-03' }).success).toBe(false)
  })

  it('files once: a retried command appends nothing', () => {
    const filed = expenseDecider.decide(expenseDecider.initialState, file({ expense: 1 }), context)
    expect(expenseDecider.decide(stateOf(filed), file({ expense: 1 }), context)).toEqual([])
  })
})

describe('editing and deleting an expense', () => {
  const manager = { userId: otherUser, divisionId: 15, permissions: ['manager'], team: [rep.userId] }
  const stranger = { userId: otherUser, divisionId: 15, permissions: ['manager'], team: [] }
  const executive = { userId: otherUser, divisionId: 1, permissions: ['executive'] }
  const filed = expenseDecider.decide(
    expenseDecider.initialState,
    file({ expense: 19.99, categoryId: 1 }, true),
    context,
  )
  const decide = (events: ExpenseEvent[], command: ExpenseCommand) => () =>
    expenseDecider.decide(stateOf(events), command, context)
  const edit = (changes: object, actor: FileExpenseCommand['actor'] = rep): ExpenseCommand => ({
    type: 'EditExpense',
    actor,
    changes: updateExpenseSchema.parse(changes),
  })

  it('records only the fields that changed, the amount in cents', () => {
    expect(decide(filed, edit({ expense: 25.5, note: ' Diesel ', categoryId: 1 }))()).toEqual([
      { type: 'ExpenseChanged', data: { expenseId, changes: { amountCents: 2550, note: 'Diesel' } } },
    ])
    expect(decide(filed, edit({ expense: 19.99 }))()).toEqual([])
  })

  it('moves the day, and keeps an amount or a receipt: removing the last of them is refused under its field', () => {
    expect(decide(filed, edit({ expenseDate: '2026-10-30' }))()[0]!.data).toEqual({
      expenseId,
      changes: { expenseDate: '2026-10-30' },
    })
    const noReceipt = decide(filed, edit({ receiptKey: null }))()
    expect(noReceipt[0]!.data).toEqual({
      expenseId,
      changes: { receiptKey: null, receiptUrl: null, receiptName: null },
    })
    expect(decide([...filed, ...noReceipt], edit({ expense: null }))).toThrow(expenseMessages.amountOrReceipt)
    expect(decide(filed, edit({ expense: null, receiptKey: null }))).toThrow(expenseMessages.amountOrReceipt)
  })

  it('takes a new receipt only as claimed for it', () => {
    const other = '1b6f8a52-9a0e-4c1e-8a51-6f1d2c3b4a59.pdf'
    expect(decide(filed, edit({ receiptKey: other }))).toThrow('Not found')
    const claimed = { key: other, url: `/file-viewer?fileName=receipts%2F${other}`, name: 'hotel.pdf' }
    expect(decide(filed, { ...(edit({ receiptKey: other }) as object), receipt: claimed } as ExpenseCommand)()).toEqual(
      [
        {
          type: 'ExpenseChanged',
          data: { expenseId, changes: { receiptKey: other, receiptUrl: claimed.url, receiptName: 'hotel.pdf' } },
        },
      ],
    )
  })

  it('the owner, their manager and executives may edit and delete; anyone else finds it missing', () => {
    for (const actor of [rep, manager, executive]) {
      expect(decide(filed, edit({ note: 'x' }, actor))).not.toThrow()
      expect(decide(filed, { type: 'DeleteExpense', actor })()).toEqual([
        { type: 'ExpenseDeleted', data: { expenseId } },
      ])
    }
    expect(decide(filed, edit({ note: 'x' }, stranger))).toThrow('Not found')
    expect(decide(filed, { type: 'DeleteExpense', actor: stranger })).toThrow('Not found')
  })

  it('a deleted or never filed expense is missing for every command', () => {
    const deleted: ExpenseEvent[] = [...filed, { type: 'ExpenseDeleted', data: { expenseId } }]
    expect(decide(deleted, edit({ note: 'x' }))).toThrow('Not found')
    expect(decide(deleted, { type: 'DeleteExpense', actor: rep })).toThrow('Not found')
    expect(decide([], { type: 'DeleteExpense', actor: rep })).toThrow('Not found')
  })
})
