import { useQuery } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { KeyRound, Target } from 'lucide-react'
import { expectationPeriods, type User } from '@crm/contracts'
import { DataTable } from '../../components/data-table/data-table'
import { tableError } from '../../components/data-table/table-error'
import { Button } from '../../components/ui/button'
import { useSession } from '../../lib/session-store'
import { AdminPageHeader } from './admin-page-header'
import { expectationsModal } from './expectations-modal'
import { setPasswordModal } from './set-password-modal'
import { usersQueryOptions } from '../../lib/users-api'
import { userColumn, userColumns } from './user-columns'

const number = new Intl.NumberFormat('en-US')

function Expectations({ user }: { user: User }) {
  const set = expectationPeriods.filter((p) => typeof user.expectations[p] === 'number')
  if (set.length === 0) return <span className="text-muted-foreground">Not set</span>
  return (
    <span className="tabular">
      {set.map((p, i) => (
        <span key={p}>
          {i > 0 && <span className="text-muted-foreground"> · </span>}
          {number.format(user.expectations[p] as number)}
          <span className="text-muted-foreground">/{p}</span>
        </span>
      ))}
    </span>
  )
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const columns: ColumnDef<User, any>[] = [
  ...userColumns,
  userColumn.accessor('expectations', {
    header: 'Expectations',
    cell: ({ row: { original: u } }) => <Expectations user={u} />,
    meta: { card: 2 },
  }),
  userColumn.display({
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    cell: ({ row: { original: u } }) => (
      <div className="flex justify-end gap-1.5">
        <Button size="sm" onClick={() => expectationsModal.open({ user: u })}>
          <Target /> Expectations
        </Button>
        <Button size="sm" onClick={() => setPasswordModal.open({ user: u })}>
          <KeyRound /> Set password
        </Button>
      </div>
    ),
    meta: { className: 'w-72 text-right', card: 3 },
  }),
]

/**
 * My team (managers, from the user menu): the users who report to the caller, with the two things a
 * manager does for them here: set a new password and set their expectations.
 */
export function TeamPage() {
  const me = useSession()?.user.userId
  const { data, error, isFetching, refetch } = useQuery({
    ...usersQueryOptions({ managerId: me, limit: 500, first: 0 }),
    enabled: Boolean(me),
  })

  return (
    <div className="flex max-w-5xl flex-col gap-4 p-6">
      <AdminPageHeader title="My team" description="The users who report to you: their passwords and expectations." />
      <DataTable
        label="My team"
        columns={columns}
        getRowId={(u) => u.userId}
        data={data}
        error={tableError(error, refetch)}
        isFetching={isFetching}
        skeletonRows={4}
      />
    </div>
  )
}
