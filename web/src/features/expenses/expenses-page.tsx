import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { Plus } from 'lucide-react'
import { seesWholeDivision, type ListQuery } from '@crm/contracts'
import { DataTable } from '../../components/data-table/data-table'
import { useListQuery } from '../../components/data-table/use-list-query'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { UserSelect } from '../../components/user-select/user-select'
import { useSession } from '../../lib/session-store'
import { addExpenseModal, editExpenseModal } from './expense-modal'
import { expenseColumns } from './expense-columns'
import { deleteExpense, expenseKeys, expenseListQueryOptions, thisMonth, usd } from './expenses-api'
import { formatDate } from '../../lib/format-date'
import { notify } from '../../lib/notify'
import { tableError } from '../../components/data-table/table-error'

const TEAM = 'team'
const monthName = (month: string) =>
  new Date(`${month}-15T12:00:00`).toLocaleDateString('en-US', { month: 'long', year: 'numeric' })

/** Expenses of a month with its total; managers pick a team member or the whole team. State in the URL. */
export function ExpensesPage() {
  const [raw, setQuery] = useListQuery()
  const session = useSession()
  const isManager = seesWholeDivision({ permissions: session?.user.permissions ?? [] })
  // The list's own default sort: newest first (the codec's default is the contacts' name).
  const query: ListQuery = useMemo(
    () => (raw.sort.field === 'name' ? { ...raw, sort: { field: 'expenseDate', direction: 'desc' } } : raw),
    [raw],
  )
  const month = typeof query.filter.month === 'string' ? query.filter.month : thisMonth()
  const userId = typeof query.filter.userId === 'string' ? query.filter.userId : null
  const withFilter = (key: string, value: string | null) => {
    const filter = { ...query.filter }
    if (value) filter[key] = value
    else delete filter[key]
    setQuery({ ...query, filter, pagination: { ...query.pagination, first: 0 } })
  }
  const request = { ...query, filter: { ...query.filter, month } }
  const { data, error, isFetching, refetch } = useQuery({
    ...expenseListQueryOptions(request),
    placeholderData: (p) => p,
  })
  const queryClient = useQueryClient()
  const columns = useMemo(
    () =>
      expenseColumns({
        showUser: userId === TEAM,
        actions: {
          edit: (expense) => editExpenseModal.open({ expense }),
          remove: (expense) =>
            notify.confirm(
              `Delete the expense of ${formatDate(expense.expenseDate)}?`,
              expense.expense === null ? (expense.receiptName ?? 'Receipt only') : usd.format(expense.expense),
              {
                accept: () =>
                  void deleteExpense(expense.id).then(({ message }) => {
                    notify.success(message)
                    void queryClient.invalidateQueries({ queryKey: expenseKeys.all })
                  }),
              },
            ),
        },
      }),
    [userId, queryClient],
  )

  return (
    <div className="flex flex-col gap-3 px-3 pt-4 pb-20 sm:h-full sm:px-6 sm:pt-5 sm:pb-4">
      <div className="flex items-end justify-between gap-4">
        <h1 className="text-lg font-semibold tracking-tight">Expenses</h1>
        <Button variant="primary" onClick={() => addExpenseModal.open()}>
          <Plus /> Add expense
        </Button>
      </div>
      <Card className="flex flex-wrap items-end gap-x-6 gap-y-3 px-4 py-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="expense-month">Month</Label>
          <Input
            id="expense-month"
            type="month"
            value={month}
            onChange={(e) => withFilter('month', e.target.value || null)}
            className="w-44"
          />
        </div>
        {isManager && (
          <div className="flex w-64 flex-col gap-1.5">
            <Label htmlFor="expense-user">User</Label>
            <UserSelect
              id="expense-user"
              label="User"
              value={userId}
              onChange={(id) => withFilter('userId', id)}
              placeholder="Me"
              extraOptions={[{ value: TEAM, label: 'My team' }]}
              clearable
            />
          </div>
        )}
        <div className="ml-auto text-right" aria-live="polite">
          <p className="text-xs text-muted-foreground">Total for {monthName(month)}</p>
          <p className="text-xl font-semibold tabular" data-testid="expense-month-total">
            {data ? usd.format(data.totalExpense) : '…'}
          </p>
        </div>
      </Card>
      <DataTable
        label="Expenses"
        columns={columns}
        columnChooserKey="expenses"
        query={query}
        onQueryChange={setQuery}
        getRowId={(row) => row.id}
        data={data}
        error={tableError(error, refetch)}
        isFetching={isFetching}
      />
    </div>
  )
}
