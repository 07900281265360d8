import { useQueryClient } from '@tanstack/react-query'
import { X } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import {
  createExpenseSchema,
  expenseCategories,
  expenseMessages,
  updateExpenseSchema,
  type ExpenseRow,
} from '@crm/contracts'
import { SelectField, TextAreaField, TextField } from '../../components/form/form-fields'
import { useForm } from '../../components/form/use-form'
import { ModalBody } from '../../components/modal/modal-layout'
import { FormActions } from '../../components/modal/modal-actions'
import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'
import { Button } from '../../components/ui/button'
import { FormField } from '../../components/ui/form-field'
import { notify } from '../../lib/notify'
import { useSubmit } from '../../lib/use-submit'
import { createExpense, editExpense, expenseKeys, today, uploadReceipt } from './expenses-api'

/** docs/product.md 5: attachments up to 5,000,000 bytes. */
const MAX_RECEIPT_BYTES = 5_000_000
/** Stands in for the key of a receipt still to be uploaded, so the form is checked before the upload. */
const PENDING_KEY = '00000000-0000-0000-0000-000000000000'

type Props = { expense?: ExpenseRow } | undefined

const valuesOf = (expense?: ExpenseRow) => ({
  expense: expense?.expense === null || expense?.expense === undefined ? '' : expense.expense.toFixed(2),
  expenseDate: expense?.expenseDate ?? today(),
  categoryId: expense?.categoryId === null || expense?.categoryId === undefined ? '' : String(expense.categoryId),
  note: expense?.note ?? '',
})

/** Add expense, or edit one (prefilled; only what changed is sent). An amount, a receipt or both. */
function ExpenseForm({ props, close }: ModalComponentProps<Props>) {
  const editing = props?.expense
  const [initial] = useState(() => valuesOf(editing))
  const form = useForm(initial)
  const { values, errors, setErrors } = form
  const [receipt, setReceipt] = useState<File | null>(null)
  const [keptReceipt, setKeptReceipt] = useState(Boolean(editing?.receiptKey))
  const { pending, send } = useSubmit(setErrors)
  const queryClient = useQueryClient()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (receipt && receipt.size > MAX_RECEIPT_BYTES) {
      return setErrors({ receipt: 'The receipt is larger than 5,000,000 bytes' })
    }
    const input = {
      expense: values.expense.trim() === '' ? null : Number(values.expense),
      expenseDate: values.expenseDate,
      categoryId: values.categoryId === '' ? null : Number(values.categoryId),
      note: values.note.trim() || null,
    }
    if (!editing) {
      const checked = { ...input, receiptKey: receipt ? PENDING_KEY : null }
      if (!form.validate(createExpenseSchema, checked)) return
      return void send(async () => {
        const receiptKey = receipt ? (await uploadReceipt(receipt)).key : null
        await createExpense({ ...checked, receiptKey })
        await done(expenseMessages.expenseFiled)
      })
    }
    const changes: Record<string, unknown> = {}
    for (const key of ['expense', 'expenseDate', 'categoryId', 'note'] as const) {
      if (values[key] !== initial[key]) changes[key] = input[key]
    }
    if (receipt) changes.receiptKey = PENDING_KEY
    else if (editing.receiptKey && !keptReceipt) changes.receiptKey = null
    if (Object.keys(changes).length === 0) return close()
    // The rule of docs/product.md 5 holds after the edit too: still an amount or a receipt.
    const amountAfter = 'expense' in changes ? changes.expense : editing.expense
    const receiptAfter = 'receiptKey' in changes ? changes.receiptKey : editing.receiptKey
    if (amountAfter === null && !receiptAfter) return setErrors({ expense: expenseMessages.amountOrReceipt })
    if (!form.validate(updateExpenseSchema, changes)) return
    void send(async () => {
      if (receipt) changes.receiptKey = (await uploadReceipt(receipt)).key
      const { message } = await editExpense(editing.id, changes)
      await done(message)
    })
  }

  const done = async (message: string) => {
    notify.success(message)
    await queryClient.invalidateQueries({ queryKey: expenseKeys.all })
    close()
  }

  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
      <ModalBody className="flex flex-col gap-3">
        <TextField id="ae-expense" label="Amount (USD)" type="number" {...form.field('expense')} placeholder="0.00" />
        <TextField id="ae-expenseDate" label="Date" type="date" required {...form.field('expenseDate')} />
        <SelectField id="ae-categoryId" label="Category" {...form.field('categoryId')} options={expenseCategories} />
        <TextAreaField id="ae-note" label="Note" {...form.field('note')} />
        {editing?.receiptKey && keptReceipt && !receipt && (
          <div className="flex items-center justify-between gap-2 rounded-md border px-3 py-1.5 text-[13px]">
            <span className="truncate">Receipt: {editing.receiptName ?? 'receipt'}</span>
            <Button size="sm" variant="ghost" onClick={() => setKeptReceipt(false)}>
              <X /> Remove receipt
            </Button>
          </div>
        )}
        <FormField
          id="ae-receipt"
          label={editing?.receiptKey ? 'Replace receipt (image or PDF)' : 'Receipt (image or PDF)'}
          error={errors.receipt ?? errors.receiptKey}
        >
          <input
            id="ae-receipt"
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp,application/pdf"
            onChange={(e) => {
              setReceipt(e.target.files?.[0] ?? null)
              setErrors(({ receipt: _, receiptKey: __, expense: ___, ...rest }) => rest)
            }}
            className="min-h-11 w-full text-[13px] file:mr-3 file:rounded-md file:border file:bg-surface file:px-2.5 file:py-1.5 sm:min-h-0"
          />
        </FormField>
      </ModalBody>
      <FormActions close={close} pending={pending} label="Save expense" />
    </form>
  )
}

/** Add expense: an amount, a receipt or both (docs/product.md 5). */
export const addExpenseModal = defineModal<Props>('add_expense', {
  title: 'Add expense',
  width: 450,
  component: ExpenseForm,
})

/** Edit expense: the same form, prefilled. */
export const editExpenseModal = defineModal<{ expense: ExpenseRow }>('edit_expense', {
  title: 'Edit expense',
  width: 450,
  component: ExpenseForm,
})
